import FeedbackDiagram
import FeedbackGraph
import Foundation
import Testing
import FeedbackLoopSupport

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Runs of spaces come back as spaces in SVG text and tooltips, whatever follows them
/// (issue #26): Graphviz writes the second space as `&#160;`, and the fix-up that turns it
/// back must match scalars, not Characters — before a combining mark, `;` and the mark are
/// one Character.
@Suite struct SVGSpacesTests {
  /// Combining marks of several blocks, and other scalars that extend the Character before
  /// them (a variation selector, a zero-width joiner, an emoji modifier).
  static let extenders: [UInt32] = [
    0x300, 0x301, 0x327, 0x36F, 0x20D0, 0x20DD, 0xFE0F, 0x200D, 0x1F3FB, 0x0E31, 0x093F,
  ]

  @Test func spacesBeforeACombiningMarkComeBackAsSpaces() throws {
    var random = SplitMix64(seed: 26_6)
    for _ in 0..<24 {
      var name = ["a", "ab", "é", "中"][Int(random.next() % 4)]
      name += String(repeating: " ", count: Int(random.next() % 4) + 2)
      name.unicodeScalars.append(Unicode.Scalar(Self.extenders[Int(random.next() % UInt64(Self.extenders.count))])!)
      name += ["", "x", "  y"][Int(random.next() % 3)]
      let svg = try Diagram.render(NameRoundTripTests.graph(name), figure: .states, as: .svg)
      #expect(svg.range(of: Data("&#160;".utf8)) == nil, "\(name.debugDescription)")
      let (texts, titles) = try NameRoundTripTests.texts(svg)
      let scalars = Array(name.unicodeScalars)
      #expect(texts.contains { Array($0.unicodeScalars) == scalars }, "text of \(name.debugDescription)")
      #expect(titles.contains { Array($0.unicodeScalars) == scalars }, "tooltip of \(name.debugDescription)")
    }
  }
}
