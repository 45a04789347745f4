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

  @Test func aLargeMachineIsDrawnAsAnAtlas() throws {
    let graph = TrafficLight.system.graph
    let atlas = Atlas(graph: graph)
    let overview: String = atlas.overviewDOT  // one node per enum case, edges merged with counts
    let focus: String? = atlas.focusDOT(for: graph.initial)  // one state, its transitions in and out
    let files = try atlas.files(systemStem: "TrafficLight", formats: [.svg])  // every figure and a page
    let notes: [String] = atlas.notes  // what the budget gave up, if anything

    #expect(overview.hasPrefix("digraph"))
    #expect(try #require(focus).contains("red"))
    #expect(files.map(\.name).contains("TrafficLight.atlas.svg"))
    #expect(files.map(\.name).contains("TrafficLight.atlas.html"))
    #expect(notes.isEmpty)
  }
}
