/// Identifies one started effect within its loop: effects are numbered from 0 in the order
/// they start. In JSON it is the bare number.
public struct EffectID: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
  /// The effect's number: its position in the order effects started (spelled like
  /// ``TransitionID/index`` and ``FeedbackID/index``).
  public let index: Int

  /// Creates an id.
  @inlinable
  public init(_ index: Int) {
    self.index = index
  }

  /// The effect's number, now ``index``.
  @available(*, unavailable, renamed: "index", message: "spelled like TransitionID.index and FeedbackID.index")
  public var rawValue: Int { index }

  /// Whether `lhs` comes before `rhs`: ids sort by their index.
  public static func < (lhs: EffectID, rhs: EffectID) -> Bool {
    lhs.index < rhs.index
  }

  /// `effect #4`.
  public var description: String { "effect #\(index)" }

  /// Reads the id from a plain number.
  public init(from decoder: any Decoder) throws {
    index = try decoder.singleValueContainer().decode(Int.self)
  }

  /// Writes the id as a plain number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(index)
  }
}
