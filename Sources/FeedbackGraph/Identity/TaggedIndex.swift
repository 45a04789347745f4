/// A position that identifies one thing of a kind within its system or loop: feedbacks,
/// declared transitions and started effects are each numbered from 0. `Tag` says which
/// kind (``FeedbackID``, ``TransitionID``, ``EffectID``), so ids of two kinds never mix.
///
/// In JSON it is the bare number; ids sort by their index. What people read is the thing
/// itself (a feedback's name, a transition described by ``SystemGraph/describe(_:)``);
/// ``description`` names the id alone: `feedback #1`, `transition #3`, `effect #4`.
public struct TaggedIndex<Tag: IndexTag>: Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
  ExpressibleByIntegerLiteral
{
  /// The position: declaration order for feedbacks and transitions, start order for effects.
  public let index: Int

  /// The id of the thing at `index`.
  @inlinable
  public init(_ index: Int) {
    self.index = index
  }

  /// The id at an index written as a literal: `FeedbackID(2)` as `2`.
  @inlinable
  public init(integerLiteral index: Int) {
    self.index = index
  }

  /// Whether `lhs` comes before `rhs`: ids sort by their index.
  @inlinable
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.index < rhs.index
  }

  /// Whether the two ids are the same position.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.index == rhs.index
  }

  /// Hashes the index.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(index)
  }

  /// `feedback #1`: the kind's noun and the index.
  public var description: String { "\(Tag.noun) #\(index)" }

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

/// The kind of thing a ``TaggedIndex`` numbers.
public protocol IndexTag: Sendable {
  /// What the id's ``TaggedIndex/description`` calls it: `feedback`.
  static var noun: String { get }
}
