import FeedbackDiagram
import FeedbackGraph
import Foundation
import Testing
import FeedbackLoopSupport

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Every name either comes out intact — in the DOT that Graphviz itself reads back, in the
/// SVG (valid XML whose text and tooltips carry the name) and in the Mermaid text, header
/// included — or is refused with one line naming its JSON path (issue #9). Names are drawn
/// from all of Unicode, seeded: escapes Graphviz expands (`\N`, `\G`), entities it decodes
/// (`&amp;`), markup, quotes, combining marks, bidi controls, control characters and
/// noncharacters, lengths up to 100 KB.
@Suite struct NameRoundTripTests {
  static let tricky =
    [
      "\\N", "\\G", "\\E", "\\T", "\\H", "\\L", "\\l", "\\r", "\\n", "\\\\", "\\", "&amp;", "&#92;", "&lt;", "&", "<",
      ">",
      "<br/>", "</b>", "<b>", "]]>", "\"", "'", "#quot;", "#35;", "#", ":", ";", "-->", "%s", "{", "}", "|", " ", "  ",
      "e\u{301}", "\u{301}", "\u{20DD}", "\u{202E}", "\u{202A}", "\u{2066}", "\u{200F}", "\u{200B}", "\u{FEFF}", "🙂",
      "👩‍👩‍👧",
      "中文", "ŝ", "Ж", "\u{10FFFD}",
      // Refused: control characters, noncharacters, a byte-order mark.
      "\u{0}", "\u{7}", "\t", "\n", "\r\n", "\u{1B}", "\u{7F}", "\u{85}",
    ] + [0xFFFE, 0xFDD0, 0x10FFFF, 0xFEFF].map { String(Unicode.Scalar(UInt32($0))!) }  // (no literals for these)

  /// A seeded name: tricky pieces, random scalars from every plane, sometimes very long.
  static func name(_ random: inout SplitMix64) -> String {
    var name = ""
    let pieces = Int(random.next() % 8) + 1
    for _ in 0..<pieces {
      switch random.next() % 4 {
      case 0, 1:
        name += tricky[Int(random.next() % UInt64(tricky.count))]
      case 2:
        // Any scalar of any plane (control characters and noncharacters included).
        var value = UInt32(random.next() % 0x11_0000)
        if (0xD800...0xDFFF).contains(value) { value = 0x41 }
        name.unicodeScalars.append(Unicode.Scalar(value)!)
      default:
        name += String(repeating: "ab", count: Int(random.next() % 4) + 1)
      }
    }
    switch random.next() % 40 {
    case 0: name += String(repeating: "x", count: 60_000) + String(repeating: "x&\\N", count: 10_000)  // 100 KB
    case 1, 2: name += String(repeating: "é<\\", count: Int(random.next() % 2_000) + 500)
    default: break
    }
    return name
  }

  /// The characters XML and the figures have no place for.
  static func isUnprintable(_ name: String) -> Bool {
    name.unicodeScalars.contains { scalar in
      let value = scalar.value
      return value < 0x20 || (0x7F...0x9F).contains(value) || (0xFDD0...0xFDEF).contains(value)
        || value & 0xFFFE == 0xFFFE
        || value == 0xFEFF
    }
  }

  static func graph(_ name: String) -> SystemGraph {
    SystemGraph(
      name: name, initial: name, states: [StateNode(id: name), StateNode(id: "other")], events: [EventNode(id: "ev")],
      transitions: [TransitionEdge(id: 0, from: name, event: "ev", to: ["other"], label: name)])
  }

  /// Every text node and every `xlink:title` of an SVG document, and the lines of each
  /// node or edge read together (a long name is cut into lines of
  /// 1,000 characters: every character kept, in order).
  static func texts(_ svg: Data) throws -> (texts: [String], titles: [String]) {
    try XMLParsing.document(svg) { document in
      let lines = try document.nodes(forXPath: "//*[local-name()='g']").map { group in
        (try group.nodes(forXPath: "./*[local-name()='text']")).map { $0.stringValue ?? "" }.joined()
      }
      let texts = try document.nodes(forXPath: "//*[local-name()='text']").map { $0.stringValue ?? "" } + lines
      let titles = try document.nodes(forXPath: "//@*[local-name()='title']").map { $0.stringValue ?? "" }
      return (texts, titles)
    }
  }

  /// Whether the `dot` program reads `text` without an error.
  static func dotProgramReads(_ text: String) throws -> Bool {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("names-\(UUID().uuidString).dot")
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dot")
    process.arguments = ["-Tcanon", "-o", "/dev/null", file.path]
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// Whether `text` ends with the scalars of `suffix`.
  static func scalars(_ text: String, endWith suffix: String) -> Bool {
    Array(text.unicodeScalars).reversed().starts(with: Array(suffix.unicodeScalars).reversed())
  }

  /// Mermaid's entity codes, decoded (scalar by scalar, like the writer).
  static func unescapeMermaid(_ text: String) -> String {
    let codes: [(String, String)] = [
      ("#quot;", "\""), ("#35;", "#"), ("#58;", ":"), ("#59;", ";"), ("#lt;", "<"), ("#gt;", ">"),
    ]
    var result = String.UnicodeScalarView()
    var rest = Array(text.unicodeScalars)[...]
    while let first = rest.first {
      if first == "#", let (code, character) = codes.first(where: { rest.starts(with: $0.0.unicodeScalars) }) {
        result.append(contentsOf: character.unicodeScalars)
        rest = rest.dropFirst(code.unicodeScalars.count)
      } else {
        result.append(first)
        rest = rest.dropFirst()
      }
    }
    return String(result)
  }

  @Test func everyNameComesOutIntactOrIsRefusedWithItsPath() throws {
    var random = SplitMix64(seed: 2026)
    var refused = 0, drawn = 0, longest = 0
    for _ in 0..<120 {
      let name = Self.name(&random)
      let graph = Self.graph(name)
      if Self.isUnprintable(name) {
        #expect {
          try Diagram.render(graph, figure: .states, as: .svg)
        } throws: { error in
          let message = "\(error)"
          return !message.contains("\n") && message.contains(": name: contains U+")
            && message.hasSuffix("names must be printable")
        }
        refused += 1
        continue
      }
      drawn += 1
      longest = max(longest, name.utf8.count)
      let described = String(name.prefix(40).debugDescription)
      // DOT: Graphviz reads it back.
      let dot = Diagram.dot(graph, figure: .states)
      #expect(throws: Never.self, "\(described)") { try GraphvizRenderer.shared.render(dot: dot, format: "canon") }
      if name.utf8.count > 10_000 || drawn % 10 == 0 {
        // The `dot` program reads files with a stricter scanner (16 KB per string).
        #expect(try Self.dotProgramReads(dot), "dot -Tcanon on the DOT of \(described)")
      }
      // SVG: XML whose text and tooltips carry the name.
      let svg = try Diagram.render(graph, figure: .states, as: .svg)
      let (texts, titles) = try Self.texts(svg)
      // (The node's lines read together end with the name: `initial` may come first.)
      #expect(texts.contains { Self.scalars($0, endWith: name) }, "state label of \(described)")
      #expect(titles.contains(name), "state tooltip of \(described)")
      #expect(texts.contains { Self.scalars($0, endWith: name) && $0.hasPrefix("ev") }, "edge label of \(described)")
      // Mermaid: one line per statement, the name read back from the state and the header.
      let mermaid = MermaidWriter.text(for: graph).split(separator: "\n", omittingEmptySubsequences: false)
      // (Compared scalar by scalar: a name may begin with a combining mark, which joins the
      // quote before it into one Character.)
      let header = String.UnicodeScalarView(mermaid[1].unicodeScalars)
      #expect(header.starts(with: "title: \"".unicodeScalars), "\(described)")
      let title = String(String.UnicodeScalarView(header.dropFirst(8).dropLast()))
      #expect(title.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\") == name)
      let state = try #require(
        mermaid.first {
          $0.unicodeScalars.starts(with: "    state \"".unicodeScalars) && Self.scalars(String($0), endWith: "\" as s0")
        })
      let quotedName = String(String.UnicodeScalarView(state.unicodeScalars.dropFirst(11).dropLast(7)))
      #expect(Self.unescapeMermaid(quotedName) == name, "\(described)")
    }
    #expect(refused > 10 && drawn > 60)  // the seed exercises both outcomes…
    #expect(longest >= 100_000)  // …and a 100 KB name
  }
}
