/// Identifies one started effect within its loop: effects are numbered from 0 in the order
/// they start.
public struct EffectID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The effect's number.
  public let rawValue: Int

  /// Creates an id.
  public init(_ rawValue: Int) {
    self.rawValue = rawValue
  }

  public static func < (lhs: EffectID, rhs: EffectID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  public var description: String { "effect #\(rawValue)" }
}
