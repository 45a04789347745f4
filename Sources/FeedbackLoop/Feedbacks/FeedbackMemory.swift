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

  /// The remembered value, if it is a `Value`.
  @inlinable
  func value<Value: Equatable & Sendable>(as type: Value.Type) -> Value? {
    guard case .value(let stored?) = self else { return nil }
    return (stored.base as? EquatableMemoryValue<Value>)?.value
  }
}

/// A remembered derived value, compared by its own `==`.
@usableFromInline
package struct FeedbackMemoryValue: Hashable, Sendable {
  @usableFromInline let base: any MemoryValue

  @inlinable
  init<Value: Equatable & Sendable>(_ value: Value) {
    base = EquatableMemoryValue(value: value)
  }

  @inlinable
  package static func == (lhs: FeedbackMemoryValue, rhs: FeedbackMemoryValue) -> Bool {
    lhs.base.isEqual(to: rhs.base)
  }

  @usableFromInline
  package func hash(into hasher: inout Hasher) {
    base.hash(into: &hasher)
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

  @inlinable
  func isEqual(to other: any MemoryValue) -> Bool {
    (other as? Self)?.value == value
  }

  @usableFromInline var description: String { String(describing: value) }

  @usableFromInline func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(Value.self))
    if let hashable = value as? any Hashable { hasher.combine(AnyHashable(hashable)) }
  }
}

extension FeedbackMemoryValue: CustomStringConvertible {
  /// The remembered value, described.
  @usableFromInline package var description: String { base.description }
}
