/// Reads which case an enum value holds from the type's runtime metadata, without `Mirror`:
/// the value witness `getEnumTag` every enum type carries (what the runtime's own `Mirror`
/// and the compiler's generic code use), and the case count its type descriptor records.
///
/// The layouts read here are the Swift ABI, stable on Apple platforms since Swift 5 and on
/// Linux and Windows likewise:
/// - a type's metadata pointer is preceded by a pointer to its value witness table; for an
///   enum or `Optional` that table ends with `getEnumTag`, `destructiveProjectEnumData` and
///   `destructiveInjectEnumTag` after the eight common witnesses, the size, the stride, the
///   flags and the extra-inhabitant count;
/// - the metadata's first word is its kind (`0x201` enum, `0x202` optional), the second the
///   nominal type descriptor, whose 6th and 7th 32-bit words hold the number of payload cases
///   (low 24 bits) and of empty cases.
///
/// Tags number payload cases first, then empty cases, each in declaration order; the number
/// is all this file promises. It never maps a tag to a case *name* (old runtimes disagreed
/// with the field records on that for some multi-payload enums): names come from `Mirror`,
/// once per tag, in ``TransitionDispatch``.
///
/// The witness is called through a C function pointer: fine on x86_64 and arm64 (the
/// Swift calling convention passes two pointer arguments as C does), not on arm64e, where
/// witness pointers are signed (only system binaries are built for it).
enum EnumTag {
  /// What a type's metadata says about its values.
  enum Shape: Equatable {
    /// An enum with `cases` cases, of which the first `payloadCases` tags carry payloads
    /// (`optional`: `Optional`, which `as`/`is` look through).
    case enumeration(cases: Int, payloadCases: Int, optional: Bool)
    /// A struct, tuple or function type: every value has the static type.
    case fixed
    /// A class, existential, metatype or other type whose values' dynamic type varies.
    case dynamic
  }

  /// The value witness table's layout up to the enum witnesses.
  private struct EnumValueWitnesses {
    var initializeBufferWithCopyOfBuffer, destroy, initializeWithCopy, assignWithCopy: UnsafeRawPointer
    var initializeWithTake, assignWithTake, getEnumTagSinglePayload, storeEnumTagSinglePayload: UnsafeRawPointer
    var size, stride: Int
    var flags, extraInhabitantCount: UInt32
    var getEnumTag: @convention(c) (_ value: UnsafeRawPointer, _ metadata: UnsafeRawPointer) -> UInt32
    var destructiveProjectEnumData, destructiveInjectEnumTag: UnsafeRawPointer
  }

  private static func metadata(_ type: Any.Type) -> UnsafeRawPointer {
    unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  /// The shape of `type`'s values.
  static func shape(of type: Any.Type) -> Shape {
    let metadata = metadata(type)
    switch metadata.load(as: Int.self) {
    case 0x201, 0x202:
      let descriptor = metadata.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
      let payloadCases = Int(descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF)
      let emptyCases = Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
      return .enumeration(
        cases: payloadCases + emptyCases, payloadCases: payloadCases, optional: metadata.load(as: Int.self) == 0x202)
    case 0x200, 0x301, 0x302:
      return .fixed
    default:
      return .dynamic
    }
  }

  /// The `getEnumTag` witness of `type`, an enum or optional type (``shape(of:)`` says so).
  static func reader<Value>(for type: Value.Type) -> EnumTagReader {
    let metadata = metadata(type)
    let witnesses = (metadata - MemoryLayout<UnsafeRawPointer>.size).load(as: UnsafeRawPointer.self)
    return EnumTagReader(metadata: metadata, getEnumTag: witnesses.load(as: EnumValueWitnesses.self).getEnumTag)
  }
}

/// Reads the case tag of values of one enum type (``EnumTag/reader(for:)``).
@usableFromInline
struct EnumTagReader: @unchecked Sendable {  // two pointers into immutable, immortal type metadata
  @usableFromInline let metadata: UnsafeRawPointer
  @usableFromInline let getEnumTag: @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32

  /// The tag of `value`, whose type must be the one the reader was made for.
  @inlinable
  func tag<Value>(of value: Value) -> Int {
    withUnsafePointer(to: value) { Int(getEnumTag(UnsafeRawPointer($0), metadata)) }
  }
}
