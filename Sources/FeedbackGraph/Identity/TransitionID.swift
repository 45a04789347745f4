/// Identifies a declared transition within one graph of its system: transitions are
/// numbered from 0 in declaration order (the runtime tries them in precedence order).
///
/// A position, so it holds for one version of a system only. Across versions — a trace
/// recorded before the transitions were reordered, or before another one changed — a
/// transition is identified by its content, its ``TransitionKey`` (``SystemGraph/transitionKeys``):
/// replay and coverage compare transitions by key.
///
/// The id is what traces, coverage and the recorder store; what people read is the
/// transition itself, which ``SystemGraph/describe(_:)`` writes as `red —tick→ green`.
/// In JSON it is the bare number.
public struct TransitionID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
  ExpressibleByIntegerLiteral
{
  /// The transition's position in declaration order.
  public let index: Int

  /// The id of the transition declared at `index`.
  @inlinable
  public init(_ index: Int) {
    self.index = index
  }

  /// The id at an index written as a literal: `TransitionID(2)` as `2`.
  public init(integerLiteral index: Int) {
    self.index = index
  }

  /// Whether `lhs` comes before `rhs`: ids sort by their index.
  public static func < (lhs: TransitionID, rhs: TransitionID) -> Bool {
    lhs.index < rhs.index
  }

  /// `transition #3`: the id alone. Prefer ``SystemGraph/describe(_:)`` in messages.
  public var description: String { "transition #\(index)" }

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
