import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopSupport
import Foundation
import Testing

/// Names made of square brackets in every figure. Graphviz 2.42 refuses an HTML-like label
/// element whose whole text is `]` or `]]`: before the escaper wrote `]` as `&#93;`, the
/// state, loop, trace-path and coverage figures of such a name were DOT that the `dot`
/// program rejects, and SVG that showed the node's id (`n0`, `f0`) instead of the name.
@Suite struct BracketNameTests {
  typealias Figures = EveryFigureNameRoundTripTests

  /// `]`, `]]`, and seeded runs of `[` and `]` (with a space or a letter now and then).
  static func names() -> [String] {
    var random = SplitMix64(seed: 37)
    var names = ["]", "]]", "]]]", "[", "[]", "][", "]] ]]"]
    for _ in 0..<8 {
      let length = 1 + Int(random.next() % 6)
      names.append(String((0..<length).map { _ in ["]", "]", "[", " ", "x"][Int(random.next() % 5)] }))
    }
    return names.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
  }

  @Test(arguments: names())
  func everyFigureOfABracketNameIsReadByDotAndShowsTheName(_ name: String) throws {
    let graph = Figures.graph(name)
    for (kind, dot, engine) in Figures.figures(graph, name) {
      #expect(try NameRoundTripTests.dotProgramReads(dot), "dot rejects the \(kind) DOT of \(name.debugDescription)")
      let svg = try Diagram.render(dot: dot, engine: engine, as: .svg)
      let texts = try XMLParsing.document(svg) { document in
        try document.nodes(forXPath: "//*[local-name()='text']").map { $0.stringValue ?? "" }
      }
      if kind != "atlas overview" {
        #expect(texts.contains(name), "the \(kind) SVG of \(name.debugDescription) draws \(texts), not the name")
      }
      #expect(!texts.contains("n0") && !texts.contains("f0"), "the \(kind) SVG draws a node id: \(texts)")
    }
  }

  /// Graphviz's complaint about a label it cannot read fails the render instead of drawing
  /// the node's id: a figure never silently shows something other than what it was given.
  @Test func aLabelGraphvizCannotReadFailsTheRender() throws {
    #expect {
      _ = try Diagram.render(dot: #"digraph { n0 [label=<<b>]</b>>] }"#, engine: "dot", as: .svg)
    } throws: { error in
      "\(error)".contains("syntax error") && "\(error)".contains("label of node n0")
    }
  }
}
