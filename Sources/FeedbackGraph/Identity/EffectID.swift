/// Identifies one started effect within its loop: effects are numbered from 0 in the order
/// they start.
public typealias EffectID = TaggedIndex<EffectTag>

/// The tag of ``EffectID``.
public enum EffectTag: IndexTag {
  /// `effect`.
  public static var noun: String { "effect" }
}
