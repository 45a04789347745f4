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
    return (stored.base as? EquatableMemoryValue<Value>)?.value
  }
}

/// A remembered derived value, compared by its own `==`.
///
/// A `Hashable` value's hash is worked out once, when it is remembered: the explorer
/// hashes and compares memories for every explored state, and two values with different
/// hashes are unequal without a call through the existential.
@usableFromInline
package struct FeedbackMemoryValue: Hashable, Sendable {
  @usableFromInline let base: any MemoryValue
  /// The value's own hash, if its type is `Hashable` (else it hashes by its type alone).
  @usableFromInline let valueHash: Int?

  @inlinable
  init<Value: Equatable & Sendable>(_ value: Value) {
    base = EquatableMemoryValue(value: value)
    valueHash = (value as? any Hashable)?.hashValue
  }

  /// Whether the value hashes by itself (its type is `Hashable`), not by its type alone.
  @inlinable package var hashesByValue: Bool { valueHash != nil }

  @inlinable
  package static func == (lhs: FeedbackMemoryValue, rhs: FeedbackMemoryValue) -> Bool {
    if let left = lhs.valueHash, let right = rhs.valueHash, left != right { return false }
    return lhs.base.isEqual(to: rhs.base)
  }

  @inlinable
  package func hash(into hasher: inout Hasher) {
    if let valueHash {
      hasher.combine(valueHash)
    } else {
      base.hash(into: &hasher)
    }
  }
}

/// A derived value of any `Equatable` type, for ``FeedbackMemoryValue``.
@usableFromInline
protocol MemoryValue: Sendable {
  func isEqual(to other: any MemoryValue) -> Bool
  func hash(into hasher: inout Hasher)
  var description: String { get }
}

@usableFromInline
struct EquatableMemoryValue<Value: Equatable & Sendable>: MemoryValue {
  @usableFromInline let value: Value

  @inlinable
  init(value: Value) { self.value = value }

  /// Compares the metatypes first, then reads `other` as its opened type: no cast to an
  /// optional of a generic type, whose metadata the runtime looked up for every comparison
  /// (the explorer compares memories for every explored state: about a sixth of
  /// `explore.effects`' time in a profile).
  @inlinable
  func isEqual(to other: any MemoryValue) -> Bool {
    guard type(of: other) == Self.self else { return false }
    return equals(other)
  }

  /// `other`, of this very type (checked by ``isEqual(to:)``), has an equal value.
  @inlinable
  func equals<Other: MemoryValue>(_ other: Other) -> Bool {
    (other as! Self).value == value
  }

  @usableFromInline var description: String { String(describing: value) }

  /// By the type alone: a `Hashable` value's own hash is ``FeedbackMemoryValue/valueHash``.
  @usableFromInline func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(Value.self))
  }
}

extension FeedbackMemoryValue: CustomStringConvertible {
  /// The remembered value, described.
  @usableFromInline package var description: String { base.description }
}
