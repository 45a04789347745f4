/// Identifies a feedback within its system: feedbacks are numbered from 0 in declaration
/// order.
///
/// Two feedbacks may share a name (both default to `"feedback"`); their ids differ. The
/// name is looked up where it is shown (``SystemGraph/feedbacks``). In JSON it is the bare
/// number.
public struct FeedbackID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible, ExpressibleByIntegerLiteral
{
  /// The feedback's position in declaration order.
  public let index: Int

  /// The id of the feedback declared at `index`.
  @inlinable
  public init(_ index: Int) {
    self.index = index
  }

  /// The id at an index written as a literal: `FeedbackID(2)` as `2`.
  public init(integerLiteral index: Int) {
    self.index = index
  }

  /// Whether `lhs` comes before `rhs`: ids sort by their index.
  public static func < (lhs: FeedbackID, rhs: FeedbackID) -> Bool {
    lhs.index < rhs.index
  }

  /// `feedback #1`.
  public var description: String { "feedback #\(index)" }

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
