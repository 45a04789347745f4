@testable import FeedbackLoop
import Testing

/// A remembered value (`FeedbackMemoryValue`): in a box, compared by its own `==`, hashed by
/// the hash its feedback found once (`MemoryHashing`). The explorer tells nodes apart by
/// these comparisons, so a wrong one merges nodes or splits one node in two.
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

  @Test func hashableValuesCompareAndHashByTheirValue() {
    let hashing = MemoryHashing.of(Key.self)
    let a = FeedbackMemoryValue(Key(number: 1, attempt: 2), hashing: hashing)
    let b = FeedbackMemoryValue(Key(number: 1, attempt: 2), hashing: hashing)
    let c = FeedbackMemoryValue(Key(number: 1, attempt: 3), hashing: hashing)
    #expect(a.box !== b.box)  // two boxes: equality is not identity
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a != c)
    #expect(a.valueHash == Key(number: 1, attempt: 2).hashValue)
    #expect(a.hashesByValue)
    #expect(a.value(as: Key.self) == Key(number: 1, attempt: 2))
    #expect(a.description == "\(Key(number: 1, attempt: 2))")
  }

  @Test func theHashFoundOnceIsTheValuesOwn() {
    let hash = MemoryHashing.of(Key.self).hash
    #expect(hash?(Key(number: 3, attempt: 0)) == Key(number: 3, attempt: 0).hashValue)
    #expect(MemoryHashing.of(Level.self).hash == nil)
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
