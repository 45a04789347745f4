/// Identifies one started effect within its loop: effects are numbered from 0 in the order
/// they start. In JSON it is the bare number.
public struct EffectID: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
  /// The effect's number.
  public let rawValue: Int

  /// Creates an id.
  @inlinable
  public init(_ rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Whether `lhs` comes before `rhs`: ids sort by their index.
  public static func < (lhs: EffectID, rhs: EffectID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// `effect #4`.
  public var description: String { "effect #\(rawValue)" }

  /// Reads the id from a plain number.
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(Int.self)
  }

  /// Writes the id as a plain number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
