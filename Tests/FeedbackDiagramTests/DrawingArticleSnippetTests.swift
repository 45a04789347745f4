// The FeedbackDiagram catalog's "Drawing a system" snippets, verbatim
// (Tests/FeedbackLoopTestingTests/Readme/ReadmeMirrorCheckTests.swift fails when they drift apart).
import FeedbackDiagram
import FeedbackLoop
import FeedbackLoopExamples
import Foundation
import Testing

@Suite struct DrawingArticleSnippetTests {
  @Test func aSystemIsDrawnAsDOTMermaidAndSVG() throws {
    let graph = TrafficLight.system.graph  // any system, as data
    let dot: String = Diagram.dot(graph, figure: .states)  // DOT text: sorted, stable ids
    let mermaid: String = MermaidWriter.text(for: graph)  // stateDiagram-v2, for Markdown
    let svg: Data = try Diagram.render(graph, figure: .loop, as: .svg, theme: .dark)  // in process, through libgvc

    #expect(dot.hasPrefix("digraph"))
    #expect(mermaid.contains("stateDiagram-v2\n    state \"green\" as s0"))
    #expect(String(decoding: svg, as: UTF8.self).contains("<svg"))
  }

  @Test func anyDOTTextIsRendered() throws {
    let svg = try GraphvizRenderer.shared.render(dot: "digraph { a -> b }", format: "svg")
    #expect(String(decoding: svg, as: UTF8.self).contains("<svg"))
  }
}
