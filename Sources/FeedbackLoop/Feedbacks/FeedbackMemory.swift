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
/// A value of a plain type (no references) of at most 8 bytes, such as a small key
/// struct, an integer or a field-less enum, is kept in the memory's own bits; any other
/// value lives in a box (one reference to copy), its hash worked out once, when it is
/// remembered. Either way the value's type (``MemoryKind``) compares, hashes and describes
/// it: the explorer hashes and compares memories for every explored state, and a feedback
/// decides for every move, so remembering a small key allocates nothing and hashes
/// nothing, and no dynamic cast runs per state.
@usableFromInline
package struct FeedbackMemoryValue: Hashable, Sendable {
  /// The value's type, which lives as long as the process (held unretained).
  @usableFromInline let kind: Unmanaged<MemoryKind>
  /// The value, unless it is kept inline (``MemoryKind/isInline``).
  @usableFromInline let box: MemoryBox?
  /// Inline: the value's bytes. In a box: the value's own hash (0 if its type is only
  /// `Equatable`).
  @usableFromInline let payload: UInt64

  /// `value`, as the values of `kind` (``MemoryKind/of(_:)`` for `Value`) are kept.
  @inlinable
  init<Value: Equatable & Sendable>(_ value: Value, kind: Unmanaged<MemoryKind>) {
    assert(kind._withUnsafeGuaranteedRef { $0.type } == ObjectIdentifier(Value.self), "the kind of another type")
    self.kind = kind
    if MemoryKind.fitsInline(Value.self) {
      var bits: UInt64 = 0
      withUnsafeMutableBytes(of: &bits) { $0.storeBytes(of: value, as: Value.self) }
      (box, payload) = (nil, bits)
    } else {
      box = TypedMemoryBox(value)
      let hash = kind._withUnsafeGuaranteedRef { unsafeDowncast($0, to: TypedMemoryKind<Value>.self).hash(of: value) }
      payload = UInt64(truncatingIfNeeded: hash ?? 0)
    }
  }

  /// `value`, its kind looked up (for callers outside the hot path).
  @inlinable
  init<Value: Equatable & Sendable>(_ value: Value) {
    self.init(value, kind: MemoryKind.of(Value.self))
  }

  /// The value, if it is a `Value`.
  @inlinable
  func value<Value: Equatable & Sendable>(as type: Value.Type) -> Value? {
    guard kind._withUnsafeGuaranteedRef({ $0.type }) == ObjectIdentifier(Value.self) else { return nil }
    if let box { return unsafeDowncast(box, to: TypedMemoryBox<Value>.self).value }
    return withUnsafeBytes(of: payload) { $0.load(as: Value.self) }
  }

  /// Whether the value hashes by itself (its type is `Hashable`), not by its type alone.
  @inlinable package var hashesByValue: Bool { kind._withUnsafeGuaranteedRef { $0.hashesByValue } }

  /// The value's own hash, if its type is `Hashable`.
  @inlinable package var valueHash: Int? {
    kind._withUnsafeGuaranteedRef { kind in
      guard kind.hashesByValue else { return nil }
      return box == nil ? kind.hash(bits: payload) : Int(truncatingIfNeeded: payload)
    }
  }

  /// A hash for the explorer's memos of moves, with no call: an inline value's bytes, a
  /// boxed value's own hash (0 for a boxed value that only compares). Two equal values
  /// whose bytes differ (a type whose `==` is its own) get different memo hashes: a memo
  /// then holds the move twice, each time with the right answer.
  @inlinable package var memoHash: Int { Int(truncatingIfNeeded: payload) }

  @inlinable
  package static func == (lhs: FeedbackMemoryValue, rhs: FeedbackMemoryValue) -> Bool {
    guard lhs.kind.toOpaque() == rhs.kind.toOpaque() else { return false }  // different types
    guard let left = lhs.box, let right = rhs.box else {
      return lhs.kind._withUnsafeGuaranteedRef { $0.equal(lhs.payload, rhs.payload) }
    }
    if left === right { return true }
    if lhs.payload != rhs.payload, lhs.hashesByValue { return false }  // different hashes
    return left.isEqual(to: right)
  }

  @inlinable
  package func hash(into hasher: inout Hasher) {
    if let valueHash {
      hasher.combine(valueHash)
    } else {
      hasher.combine(kind._withUnsafeGuaranteedRef { $0.type })
    }
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
  @usableFromInline package var description: String {
    box?.description ?? kind._withUnsafeGuaranteedRef { $0.describe(bits: payload) }
  }
}
