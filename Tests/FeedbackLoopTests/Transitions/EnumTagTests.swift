@testable import FeedbackLoop
import Testing

/// The metadata reads behind the dispatch's keys: a tag per case, the case count, and the
/// shapes that fall back to one key or to dynamic types.
@Suite struct EnumTagTests {
  enum Mixed: Sendable { case empty, payload(Int), other, pair(String, Bool), last }
  indirect enum Tree: Sendable { case leaf, node(Tree, Tree) }
  enum Single: Sendable { case only(Int) }
  protocol Marker {}
  final class Box {}

  @Test func everyCaseHasItsOwnTagBelowTheCaseCount() {
    let values: [Mixed] = [.empty, .payload(1), .payload(2), .other, .pair("a", true), .last]
    let reader = EnumTag.reader(for: Mixed.self)
    let tags = values.map { reader.tag(of: $0) }
    #expect(EnumTag.shape(of: Mixed.self) == .enumeration(cases: 5, payloadCases: 2, optional: false))
    // Payload cases first, then empty cases, each in declaration order.
    #expect(tags == [2, 0, 0, 3, 1, 4])
  }

  enum Plain: CaseIterable, Sendable { case north, east, south, west }
  enum Raw: String, CaseIterable, Sendable { case zulu = "z", alpha = "a", mike = "m" }
  enum Wide: Int, CaseIterable, Sendable {
    case c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17, c18, c19
  }

  /// A payload-free enum is keyed by its one byte (no call into the metadata): the byte
  /// must be the tag the metadata gives, for every case, raw values or not.
  @Test func aPayloadFreeEnumsByteIsItsTag() {
    func check<Value: CaseIterable & Sendable>(_: Value.Type) {
      let keying = CaseKeying<Value>()
      guard case .byte = keying.mode else {
        Issue.record("\(Value.self) is not keyed by its byte")
        return
      }
      let reader = EnumTag.reader(for: Value.self)
      let keys = Value.allCases.map { keying.key($0) }
      #expect(keys == Value.allCases.map { reader.tag(of: $0) })
      #expect(keys == Array(0..<Value.allCases.count))
    }
    check(Plain.self)
    check(Raw.self)
    check(Wide.self)
    guard case .tag = CaseKeying<Mixed>().mode else {
      Issue.record("an enum with payloads is keyed by its byte")
      return
    }
  }

  @Test func indirectSingleAndOptionalEnumsHaveTags() {
    let tree = EnumTag.reader(for: Tree.self)
    #expect([Tree.leaf, .node(.leaf, .leaf)].map { tree.tag(of: $0) } == [1, 0])
    #expect(EnumTag.reader(for: Single.self).tag(of: Single.only(3)) == 0)
    #expect(EnumTag.shape(of: Int?.self) == .enumeration(cases: 2, payloadCases: 1, optional: true))
    let optional = EnumTag.reader(for: Int?.self)
    #expect([Int?.some(4), nil].map { optional.tag(of: $0) } == [0, 1])
  }

  @Test func otherTypesHaveOneKeyOrTheirDynamicType() {
    #expect(EnumTag.shape(of: Int.self) == .fixed)
    #expect(EnumTag.shape(of: (Int, String).self) == .fixed)
    #expect(EnumTag.shape(of: Box.self) == .dynamic)
    #expect(EnumTag.shape(of: (any Marker).self) == .dynamic)
    #expect(EnumTag.shape(of: Any.self) == .dynamic)
    let keying = CaseKeying<Any>()
    #expect(keying.key(1) == keying.key(2))
    #expect(keying.key(1) != keying.key("one"))
  }
}
