@testable import FeedbackLoop
import Testing

/// A remembered value (`FeedbackMemoryValue`): kept in its bits (a plain value of at most 8
/// bytes) or in a box, compared by its own `==`, hashed by its own hash (found once per
/// type: `MemoryKind`). The explorer tells nodes apart by these comparisons, so a wrong one
/// merges nodes or splits one node in two.
@Suite struct FeedbackMemoryValueTests {
  struct Key: Hashable, Sendable {
    var number: UInt8
    var attempt: UInt8
  }

  /// Only `Equatable`: hashes by its type alone.
  struct Level: Equatable, Sendable {
    var level: Int
  }

  /// Equal when the names are, whatever the counts: `==` is the type's, not its bytes'.
  struct Named: Hashable, Sendable {
    var name: String
    var count: Int
    static func == (lhs: Named, rhs: Named) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
  }

  /// Plain, 8 bytes, its `==` its own: a `-0.0` and a `0.0` are equal with different
  /// bytes, and a NaN equals nothing, not even its own bytes.
  struct Reading: Hashable, Sendable {
    var value: Double
  }

  @Test func aSmallPlainValueIsKeptInlineAndComparesAndHashesByItsValue() {
    let kind = MemoryKind.of(Key.self)
    let a = FeedbackMemoryValue(Key(number: 1, attempt: 2), kind: kind)
    let b = FeedbackMemoryValue(Key(number: 1, attempt: 2), kind: kind)
    let c = FeedbackMemoryValue(Key(number: 1, attempt: 3), kind: kind)
    #expect(a.box == nil)  // no allocation
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a != c)
    #expect(a.valueHash == Key(number: 1, attempt: 2).hashValue)
    #expect(a.hashesByValue)
    #expect(a.value(as: Key.self) == Key(number: 1, attempt: 2))
    #expect(c.value(as: Key.self) == Key(number: 1, attempt: 3))
    #expect(a.description == "\(Key(number: 1, attempt: 2))")
  }

  @Test func aLargerValueIsBoxedWithItsHashWorkedOutOnce() {
    let a = FeedbackMemoryValue(Named(name: "a", count: 1))
    let b = FeedbackMemoryValue(Named(name: "a", count: 1))
    #expect(a.box != nil && b.box != nil)
    #expect(a.box !== b.box)  // two boxes: equality is not identity
    #expect(a == b)
    #expect(a.valueHash == Named(name: "a", count: 1).hashValue)
    #expect(a.memoHash == Named(name: "a", count: 1).hashValue)
    #expect(a.description == "\(Named(name: "a", count: 1))")
  }

  @Test func inlineValuesCompareByTheirTypesEqualityNotTheirBytes() {
    let zero = FeedbackMemoryValue(Reading(value: 0.0))
    let negativeZero = FeedbackMemoryValue(Reading(value: -0.0))
    let nan = FeedbackMemoryValue(Reading(value: .nan))
    #expect(zero.box == nil)
    #expect(zero.memoHash != negativeZero.memoHash)  // different bytes...
    #expect(zero == negativeZero)  // ...equal values
    #expect(zero.hashValue == negativeZero.hashValue)  // by the type's own hash
    #expect(nan != nan)  // the same bytes, and `==` says no
  }

  @Test func eachTypeHasOneKindKnownOnce() {
    #expect(MemoryKind.of(Key.self).toOpaque() == MemoryKind.of(Key.self).toOpaque())
    #expect(MemoryKind.of(Key.self).toOpaque() != MemoryKind.of(Level.self).toOpaque())
    let key = MemoryKind.of(Key.self).takeUnretainedValue()
    #expect(key.isInline && key.hashesByValue)
    let level = MemoryKind.of(Level.self).takeUnretainedValue()
    #expect(level.isInline && !level.hashesByValue)  // plain, but only `Equatable`
    #expect(!MemoryKind.of(Named.self).takeUnretainedValue().isInline)  // holds a String
  }

  @Test func aValueThatOnlyComparesIsComparedByItsOwnEquality() {
    let a = FeedbackMemoryValue(Level(level: 4))
    let b = FeedbackMemoryValue(Level(level: 4))
    let c = FeedbackMemoryValue(Level(level: 5))
    #expect(!a.hashesByValue)
    #expect(a == b)
    #expect(a != c)
    #expect(a.hashValue == c.hashValue)  // by its type alone
    #expect(a.value(as: Level.self) == Level(level: 4))
  }

  @Test func equalityIsTheTypesOwnNotTheStoredBytes() {
    let a = FeedbackMemoryValue(Named(name: "a", count: 1))
    let b = FeedbackMemoryValue(Named(name: "a", count: 2))
    let c = FeedbackMemoryValue(Named(name: "b", count: 1))
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a != c)
  }

  @Test func valuesOfDifferentTypesDiffer() {
    let small = FeedbackMemoryValue(UInt8(7))
    let wide = FeedbackMemoryValue(Int(7))
    #expect(small != wide)
    #expect(small.value(as: Int.self) == nil)
    #expect(wide.value(as: UInt8.self) == nil)
    #expect(wide.value(as: Int.self) == 7)
    #expect(FeedbackMemory.value(small) != FeedbackMemory.value(wide))
    #expect(FeedbackMemory.value(small).value(as: UInt8.self) == 7)
  }
}
