import FeedbackDiagram
import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import Foundation
import Testing

/// The doc comments' examples of `Diagram`, `Atlas` and `ReportPage`, verbatim
/// (DocCommentMirrorCheckTests), run.
@Suite(.timeLimit(.minutes(3))) struct DiagramDocCommentTests {
  /// `Diagram.render`: the traffic light's states as SVG.
  @Test func theTrafficLightIsRenderedAsSVG() throws {
    let svg = try Diagram.render(TrafficLight.system.graph, figure: .states, as: .svg)

    #expect(String(decoding: svg, as: UTF8.self).contains("<svg"))
  }

  /// `Atlas`: the overview, a focus figure of one state, and the page's file names.
  @Test func anAtlasDrawsAnOverviewAndAFocusPerState() {
    let graph = SystemGraph(
      name: "Checkout", initial: "idle",
      states: [StateNode(id: "idle"), StateNode(id: "loading(page: 3)")],
      events: [EventNode(id: "load")],
      transitions: [TransitionEdge(id: TransitionID(0), from: "idle", event: "load", to: ["loading(page: 3)"])])

    let atlas = Atlas(graph: graph)
    let overview = atlas.overviewDOT
    let focus = atlas.focusDOT(for: "loading(page: 3)")
    let index = atlas.index(systemStem: "Checkout", image: "svg")  // file names for a page

    #expect(overview.hasPrefix("digraph"))
    #expect(focus?.contains("loading(page: 3)") == true)
    #expect(atlas.focusDOT(for: "nowhere") == nil)
    #expect(index == atlas.index(systemStem: "Checkout", image: "svg"))
  }

  /// `ReportPage`: one system's figure on a page written to a folder.
  @Test func aReportPageIsWrittenWithItsFigure() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doc-page-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    let figure = ReportPage.Figure(
      src: "Checkout.states.svg", alt: "Checkout states", caption: "States and transitions")
    let system = ReportPage.System(name: "Checkout", anchor: "Checkout", figures: [figure])
    let page = ReportPage(title: "Checkout", systems: [system])
    try page.render().write(to: folder.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)

    let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("Checkout.states.svg"))
    #expect(html.contains("States and transitions"))
  }
}
