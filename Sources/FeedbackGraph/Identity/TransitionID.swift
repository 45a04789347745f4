/// Identifies a declared transition within one graph of its system: transitions are
/// numbered from 0 in declaration order (the runtime tries them in precedence order).
///
/// A position, so it holds for one version of a system only. Across versions — a trace
/// recorded before the transitions were reordered, or before another one changed — a
/// transition is identified by its content (patterns, targets, label, guard):
/// replay and coverage compare transitions by content. What people read is the transition
/// itself, which ``SystemGraph/describe(_:)`` writes as `red —tick→ green`.
public typealias TransitionID = TaggedIndex<TransitionTag>

/// The tag of ``TransitionID``.
public enum TransitionTag: IndexTag {
  /// `transition`.
  public static var noun: String { "transition" }
}
