/// What a single-effect feedback remembers between states, as a value: nothing, a flag
/// (a predicate's last value, whether a value is active), or the last derived value.
///
/// A value is `Hashable` so that the explorer can tell explored states apart by it; a
/// derived value that is only `Equatable` hashes by its type alone (equal values still
/// compare equal, so nothing merges wrongly: such states only share hash buckets).
@usableFromInline
package enum FeedbackMemory: Hashable, Sendable {
  /// A feedback without memory.
  case none
  /// A remembered flag.
  case flag(Bool)
  /// The last value seen (`nil`: none yet, or the last was `nil`).
  case value(FeedbackMemoryValue?)

  /// Whether the memory hashes by its value: not a remembered value whose type is only
  /// `Equatable` (which hashes by its type alone).
  @inlinable
  package var hashesByValue: Bool {
    guard case .value(let stored?) = self else { return true }
    return stored.hashesByValue
  }

  /// The remembered value, if it is a `Value`.
  @inlinable
  func value<Value: Equatable & Sendable>(as type: Value.Type) -> Value? {
    guard case .value(let stored?) = self else { return nil }
    return stored.value(as: Value.self)
  }
}

/// A remembered derived value, compared by its own `==`.
///
/// The value lives in a box (one reference to copy), and a `Hashable` value's hash is
/// worked out once, when it is remembered, by a function the feedback found once
/// (``MemoryHashing``): the explorer hashes and compares memories for every explored
/// state, and two values with different hashes are unequal without a call to `==`. No
/// dynamic cast runs per state: the box's class is compared by identity, then read as its
/// type.
@usableFromInline
package struct FeedbackMemoryValue: Hashable, Sendable {
  @usableFromInline let box: MemoryBox
  /// The value's own hash, if its type is `Hashable` (else it hashes by its type alone).
  @usableFromInline package let valueHash: Int?

  /// `value`, with its hash from `hashing` (see ``MemoryHashing/of(_:)``).
  @inlinable
  init<Value: Equatable & Sendable>(_ value: Value, hashing: MemoryHashing<Value>) {
    box = TypedMemoryBox(value)
    valueHash = hashing.hash?(value)
  }

  /// `value`, its hash found by a dynamic cast (for callers outside the hot path).
  @inlinable
  init<Value: Equatable & Sendable>(_ value: Value) {
    self.init(value, hashing: .of(Value.self))
  }

  /// The value, if it is a `Value`.
  @inlinable
  func value<Value: Equatable & Sendable>(as type: Value.Type) -> Value? {
    guard ObjectIdentifier(Swift.type(of: box)) == ObjectIdentifier(TypedMemoryBox<Value>.self) else { return nil }
    return unsafeDowncast(box, to: TypedMemoryBox<Value>.self).value
  }

  /// Whether the value hashes by itself (its type is `Hashable`), not by its type alone.
  @inlinable package var hashesByValue: Bool { valueHash != nil }

  @inlinable
  package static func == (lhs: FeedbackMemoryValue, rhs: FeedbackMemoryValue) -> Bool {
    if lhs.box === rhs.box { return true }
    if let left = lhs.valueHash, let right = rhs.valueHash, left != right { return false }
    return lhs.box.isEqual(to: rhs.box)
  }

  @inlinable
  package func hash(into hasher: inout Hasher) {
    if let valueHash {
      hasher.combine(valueHash)
    } else {
      hasher.combine(ObjectIdentifier(Swift.type(of: box)))
    }
  }
}

/// How a feedback hashes the values it remembers: by their own hash if their type is
/// `Hashable` (found once, when the feedback is made), else not at all.
@usableFromInline
package struct MemoryHashing<Value: Equatable & Sendable>: Sendable {
  @usableFromInline let hash: (@Sendable (Value) -> Int)?

  @inlinable
  init(hash: (@Sendable (Value) -> Int)?) { self.hash = hash }

  /// The hashing of `Value`: its `hashValue` if it is `Hashable`.
  @inlinable
  package static func of(_ type: Value.Type) -> MemoryHashing {
    guard let hashable = type as? any (Hashable & SendableMetatype).Type else { return MemoryHashing(hash: nil) }
    return MemoryHashing(hash: hashFunction(hashable))
  }

  /// `Value`'s `hashValue`, where `H` is `Value` (opened from its metatype).
  @usableFromInline
  static func hashFunction<H: Hashable & SendableMetatype>(_: H.Type) -> @Sendable (Value) -> Int {
    { unsafeBitCast($0, to: H.self).hashValue }
  }
}

/// A remembered value of some `Equatable` type, for ``FeedbackMemoryValue``.
@usableFromInline
class MemoryBox: @unchecked Sendable {
  @usableFromInline init() {}
  /// Whether `other` holds an equal value of the same type.
  @usableFromInline func isEqual(to other: MemoryBox) -> Bool { fatalError("a MemoryBox without a value") }
  @usableFromInline var description: String { fatalError("a MemoryBox without a value") }
}

/// A remembered `Value`. `@unchecked Sendable`: its one stored property is an immutable
/// `Sendable` value.
@usableFromInline
final class TypedMemoryBox<Value: Equatable & Sendable>: MemoryBox, @unchecked Sendable {
  @usableFromInline let value: Value

  @inlinable
  init(_ value: Value) {
    self.value = value
    super.init()
  }

  /// Compares the classes by identity, then reads `other` as this type: no dynamic cast.
  @inlinable
  override func isEqual(to other: MemoryBox) -> Bool {
    guard ObjectIdentifier(type(of: other)) == ObjectIdentifier(Self.self) else { return false }
    return unsafeDowncast(other, to: Self.self).value == value
  }

  @usableFromInline override var description: String { String(describing: value) }
}

extension FeedbackMemoryValue: CustomStringConvertible {
  /// The remembered value, described.
  @usableFromInline package var description: String { box.description }
}
