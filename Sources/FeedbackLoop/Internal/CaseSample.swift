/// A made-up value of one enum case of a `Decodable` state, to read the case's payload
/// types when the declaration names the case but shows no value of it (`.case("uploading")`):
/// the state is decoded from a decoder that answers that case's name as the only key and
/// the plainest value of each payload type (`""`, `0`, `false`, `nil`, empty collections).
///
/// Only the value's *types* are read (``Naming/fields(of:)``), never its contents. A state
/// that is not `Decodable`, or whose decoding rejects such values (a custom `init(from:)`
/// that validates, a payload that is a raw-value enum or itself an enum), gives `nil`: the
/// figure then shows no fields rather than guessed ones.
enum CaseSample {
  /// A value of the case `name` of `type`, or `nil` when none can be made.
  static func value<State>(of type: State.Type, case name: String) -> State? {
    guard let decodable = type as? any Decodable.Type else { return nil }
    return (try? decodable.init(from: SampleDecoder(caseName: name, depth: 0))) as? State
  }

  /// How deep payloads may nest before the decoder gives up (a class that holds itself).
  static let maximumDepth = 24
}

/// The decoder behind ``CaseSample``.
private struct SampleDecoder: Decoder {
  /// The case to decode at the top, or `nil` below it.
  var caseName: String?
  var depth: Int
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func nested() throws -> SampleDecoder {
    guard depth < CaseSample.maximumDepth else {
      throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "payloads nest too deep"))
    }
    return SampleDecoder(caseName: nil, depth: depth + 1)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let keys = caseName.flatMap { Key(stringValue: $0) }.map { [$0] } ?? []
    return KeyedDecodingContainer(SampleKeyedContainer<Key>(allKeys: keys, decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { SampleUnkeyedContainer() }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { SampleSingleValueContainer(decoder: self) }

  /// The plainest value of `type`.
  func plain<T: Decodable>(_ type: T.Type) throws -> T {
    if let value = "" as? T { return value }
    if let value = false as? T { return value }
    if let arithmetic = type as? any AdditiveArithmetic.Type, let value = Self.zero(of: arithmetic) as? T {
      return value
    }
    return try T(from: nested())
  }

  private static func zero<N: AdditiveArithmetic>(of type: N.Type) -> N { .zero }
}

private struct SampleKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  var allKeys: [Key]
  var decoder: SampleDecoder
  var codingPath: [any CodingKey] { [] }

  func contains(_ key: Key) -> Bool { true }
  func decodeNil(forKey key: Key) throws -> Bool { true }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.plain(type) }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.plain(type) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.plain(type) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.plain(type) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder.plain(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.plain(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.plain(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.plain(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.plain(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.plain(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder.plain(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.plain(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder.plain(type) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder.plain(type) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder.plain(type) }
  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    KeyedDecodingContainer(SampleKeyedContainer<NestedKey>(allKeys: [], decoder: try decoder.nested()))
  }
  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { SampleUnkeyedContainer() }
  func superDecoder() throws -> any Decoder { try decoder.nested() }
  func superDecoder(forKey key: Key) throws -> any Decoder { try decoder.nested() }
}

/// An empty list: arrays, sets and dictionaries decode empty.
private struct SampleUnkeyedContainer: UnkeyedDecodingContainer {
  var codingPath: [any CodingKey] { [] }
  var count: Int? { 0 }
  var isAtEnd: Bool { true }
  var currentIndex: Int { 0 }

  func error() -> DecodingError {
    DecodingError.valueNotFound(Any.self, .init(codingPath: [], debugDescription: "an empty sample list"))
  }
  mutating func decodeNil() throws -> Bool { throw error() }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { throw error() }
  mutating func decode(_ type: Bool.Type) throws -> Bool { throw error() }
  mutating func decode(_ type: String.Type) throws -> String { throw error() }
  mutating func decode(_ type: Double.Type) throws -> Double { throw error() }
  mutating func decode(_ type: Float.Type) throws -> Float { throw error() }
  mutating func decode(_ type: Int.Type) throws -> Int { throw error() }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { throw error() }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { throw error() }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { throw error() }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { throw error() }
  mutating func decode(_ type: UInt.Type) throws -> UInt { throw error() }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { throw error() }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { throw error() }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { throw error() }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { throw error() }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  { throw error() }
  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw error() }
  mutating func superDecoder() throws -> any Decoder { throw error() }
}

private struct SampleSingleValueContainer: SingleValueDecodingContainer {
  var decoder: SampleDecoder
  var codingPath: [any CodingKey] { [] }

  func decodeNil() -> Bool { true }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.plain(type) }
  func decode(_ type: Bool.Type) throws -> Bool { try decoder.plain(type) }
  func decode(_ type: String.Type) throws -> String { try decoder.plain(type) }
  func decode(_ type: Double.Type) throws -> Double { try decoder.plain(type) }
  func decode(_ type: Float.Type) throws -> Float { try decoder.plain(type) }
  func decode(_ type: Int.Type) throws -> Int { try decoder.plain(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try decoder.plain(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try decoder.plain(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try decoder.plain(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try decoder.plain(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try decoder.plain(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.plain(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.plain(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.plain(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.plain(type) }
}
