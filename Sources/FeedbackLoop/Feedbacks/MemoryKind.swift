import FeedbackLoopSupport

/// The type of values a feedback remembers (``FeedbackMemoryValue``): whether they are kept
/// inline, and how they compare, hash and read.
///
/// One kind per type, found by ``of(_:)`` when a feedback is made and never freed: a
/// remembered value holds its kind unretained, so copying a memory counts no reference.
@usableFromInline
package class MemoryKind: @unchecked Sendable {
  // @unchecked Sendable: every stored property is a `let` of a Sendable type.
  /// The type itself.
  @usableFromInline let type: ObjectIdentifier
  /// Whether values are kept in the memory's bits (``fitsInline(_:)``).
  @usableFromInline let isInline: Bool
  /// Whether the type is `Hashable` (else values hash by their type alone).
  @usableFromInline let hashesByValue: Bool
  /// Whether the inline values with bytes `a` and `b` are equal, by the type's `==`. A
  /// closure made where the type is known (a method of the generic kind would compare
  /// through the type's value witnesses): the explorer compares memories for every move.
  @usableFromInline let equal: @Sendable (_ a: UInt64, _ b: UInt64) -> Bool

  @usableFromInline
  init(
    type: ObjectIdentifier, isInline: Bool, hashesByValue: Bool, equal: @escaping @Sendable (UInt64, UInt64) -> Bool
  ) {
    (self.type, self.isInline, self.hashesByValue, self.equal) = (type, isInline, hashesByValue, equal)
  }

  /// Whether values of `Value` are kept in 8 bits of memory: a plain type (no reference,
  /// nothing to copy but its bytes) of at most 8 bytes.
  @inlinable @inline(__always)
  static func fitsInline<Value>(_: Value.Type) -> Bool {
    _isPOD(Value.self) && MemoryLayout<Value>.size <= 8 && MemoryLayout<Value>.alignment <= 8
  }

  /// The type's hash of the inline value with bytes `bits` (the type is `Hashable`).
  @usableFromInline func hash(bits: UInt64) -> Int { fatalError("a MemoryKind without a type") }
  /// The inline value with bytes `bits`, described.
  @usableFromInline func describe(bits: UInt64) -> String { fatalError("a MemoryKind without a type") }

  /// The kinds found so far, by type: each kept for the process's life.
  private static let kinds = Protected<[ObjectIdentifier: MemoryKind]>([:])

  /// The kind of `Value`, made the first time it is asked for.
  @inlinable
  package static func of<Value: Equatable & Sendable>(_ type: Value.Type) -> Unmanaged<MemoryKind> {
    .passUnretained(kind(ObjectIdentifier(Value.self)) { TypedMemoryKind<Value>() })
  }

  /// The kind registered for `type`, registering `make()` if there is none.
  @usableFromInline
  static func kind(_ type: ObjectIdentifier, make: () -> MemoryKind) -> MemoryKind {
    kinds.withLock { kinds in
      if let kind = kinds[type] { return kind }
      let kind = make()
      kinds[type] = kind
      return kind
    }
  }
}

/// The kind of `Value`: its `==`, and its `hashValue` if it is `Hashable` (found once, by a
/// dynamic cast, when the kind is made).
@usableFromInline
final class TypedMemoryKind<Value: Equatable & Sendable>: MemoryKind, @unchecked Sendable {
  @usableFromInline let hashFunction: (@Sendable (Value) -> Int)?

  @inlinable
  init() {
    if let hashable = Value.self as? any (Hashable & SendableMetatype).Type {
      hashFunction = Self.hashFunction(hashable)
    } else {
      hashFunction = nil
    }
    super.init(
      type: ObjectIdentifier(Value.self), isInline: MemoryKind.fitsInline(Value.self),
      hashesByValue: hashFunction != nil, equal: { Self.value(bits: $0) == Self.value(bits: $1) })
  }

  /// `Value`'s `hashValue`, where `H` is `Value` (opened from its metatype).
  @usableFromInline
  static func hashFunction<H: Hashable & SendableMetatype>(_: H.Type) -> @Sendable (Value) -> Int {
    { unsafeBitCast($0, to: H.self).hashValue }
  }

  /// `value`'s own hash, if `Value` is `Hashable`.
  @inlinable
  func hash(of value: Value) -> Int? { hashFunction?(value) }

  /// The inline value with bytes `bits`.
  @inlinable @inline(__always)
  static func value(bits: UInt64) -> Value { withUnsafeBytes(of: bits) { $0.load(as: Value.self) } }

  @usableFromInline override func hash(bits: UInt64) -> Int { hash(of: Self.value(bits: bits)) ?? 0 }
  @usableFromInline override func describe(bits: UInt64) -> String { String(describing: Self.value(bits: bits)) }
}
