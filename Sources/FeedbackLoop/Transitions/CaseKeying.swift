/// How the transition dispatch keys values of one type: by enum case (the tag the type's
/// metadata reads, no `Mirror`), by dynamic type (classes, existentials), or one key for
/// all values (structs, tuples).
///
/// A pattern answer that depends only on the key is computed once per key and reused
/// for every later value with that key; the flags say which answers do.
@usableFromInline
struct CaseKeying<Value>: Sendable {
  @usableFromInline
  enum Mode: Sendable {
    /// An enum: the case tag, `0..<count`.
    case tag(EnumTagReader)
    /// An enum of 2 to 256 cases none of which has a payload: its one byte is its case
    /// tag (the layout of a payload-free enum), read without calling the metadata.
    case byte
    /// One key, `0`, for every value.
    case fixed
    /// The value's dynamic type.
    case dynamic
  }

  @usableFromInline let mode: Mode
  /// How many keys there are when they are dense (`0..<count`); `nil` for dynamic types.
  let count: Int?
  /// Whether a value's diagram name (``Naming/name(of:)``) is a function of its key: its
  /// case name, or its type's name. Not for `CustomReflectable` types (their mirror may say
  /// anything) nor for dynamic types (an existential may hold an enum).
  @usableFromInline let namesFollowKeys: Bool
  /// Whether `value is T` is a function of the key: not for `Optional`, whose casts look
  /// through to the wrapped value.
  let typeTestsFollowKeys: Bool
  /// Whether equal values share a key: enum values of different cases are never equal
  /// (synthesized `Equatable` never equates them; the dispatch assumes a hand-written `==`
  /// does not either); a dynamic type's `==` may equate instances of two classes.
  let equalValuesShareKeys: Bool
  /// Keys from this one on are enum cases without payload: one value each.
  let firstEmptyCase: Int

  init() {
    let reflectable = Value.self is any CustomReflectable.Type
    switch EnumTag.shape(of: Value.self) {
    case .enumeration(let cases, let payloadCases, let optional):
      mode =
        payloadCases == 0 && cases >= 2 && cases <= 256 && MemoryLayout<Value>.size == 1
        ? .byte : .tag(EnumTag.reader(for: Value.self))
      count = cases
      firstEmptyCase = payloadCases
      namesFollowKeys = !reflectable
      typeTestsFollowKeys = !optional
      equalValuesShareKeys = true
    case .fixed:
      mode = .fixed
      count = 1
      firstEmptyCase = .max
      namesFollowKeys = !reflectable
      typeTestsFollowKeys = true
      equalValuesShareKeys = true
    case .dynamic:
      mode = .dynamic
      count = nil
      firstEmptyCase = .max
      namesFollowKeys = false
      typeTestsFollowKeys = true
      equalValuesShareKeys = false
    }
  }

  /// Whether every value with `key` is the same value: an enum case without payload. A
  /// `.value` pattern of such a case matches exactly the values with its key, since `==` is
  /// reflexive.
  func isSingleValue(_ key: Int) -> Bool {
    key >= firstEmptyCase
  }

  /// The key of `value`.
  @inlinable
  func key(_ value: Value) -> Int {
    switch mode {
    case .tag(let reader): reader.tag(of: value)
    case .byte: withUnsafeBytes(of: value) { Int($0[0]) }
    case .fixed: 0
    case .dynamic: Int(bitPattern: ObjectIdentifier(type(of: value as Any)))
    }
  }
}
