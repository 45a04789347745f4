import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import Testing

/// The mutation figure: survivors marked on the edges they change (DOT against a golden
/// file, re-recorded with `RECORD_SNAPSHOTS=1`), feedback survivors in the legend, hostile
/// names escaped, and the report page showing the figure.
@Suite struct MutationFigureTests {
  static func figure() throws -> MutationFigure {
    let graph = TrafficLight.system.graph
    let survivors = graph.mutants.filter {
      $0.name == "TrafficLight: red —tick→ yellow (was green)" || $0.name == "TrafficLight: feedback timer disabled"
    }
    try #require(survivors.count == 2)
    return MutationFigure(graph: graph, survivors: survivors, killed: 9, equivalent: 1)
  }

  @Test func dotMatchesTheGoldenFile() throws {
    let dot = try Self.figure().dot
    #expect(try Self.figure().dot == dot)  // byte-identical across runs
    try TraceFigureTests.golden(dot, "TrafficLight.mutants.dot")
  }

  @Test func survivorsAreBoldRedOnTheirEdgeAndFeedbackSurvivorsAreInTheLegend() throws {
    let dot = try Self.figure().dot
    let survived = try #require(dot.split(separator: "\n").first { $0.contains("class=\"transition survived t0\"") })
    #expect(survived.contains(#"label="tick\nsurvived ×1""#))
    #expect(survived.contains("TrafficLight: red —tick→ yellow (was green)"))
    #expect(dot.split(separator: "\n").filter { $0.contains("transition survived") }.count == 1)
    #expect(dot.contains("survived: TrafficLight: feedback timer disabled"))
    #expect(dot.contains("TrafficLight — mutants: 9/11 killed · score 0.82 · 1 equivalent"))
  }

  @Test func hostileNamesAreEscapedAndTheFigureRenders() throws {
    let name = "a\"b\\n<c>&"
    let graph = SystemGraph(
      name: "Odd \"one\"", initial: name, states: [StateNode(id: name), StateNode(id: "z")],
      events: [EventNode(id: "go")],
      transitions: [TransitionEdge(id: 0, from: name, event: "go", to: ["z"])])
    let survivors = graph.mutants.filter { $0.mutation == .dropTransition }
    let dot = MutationFigure(graph: graph, survivors: survivors, killed: 0).dot
    #expect(dot.contains(#"label="a\"b\\n<c>&amp;""#))
    let svg = String(decoding: try Diagram.render(dot: dot, as: .svg), as: UTF8.self)
    #expect(svg.contains("survived"))
  }

  @Test func theReportPageShowsTheMutationFigure() {
    let found = ReportPage.companions(
      of: "TrafficLight", stem: "TrafficLight", image: "svg",
      among: ["TrafficLight.states.svg", "TrafficLight.mutants.svg", "TrafficLight.mutants.dot"])
    #expect(
      found.figures == [
        .init(
          src: "TrafficLight.mutants.svg", alt: "TrafficLight mutation figure",
          caption: "Mutants the tests let survive (diagram mutate)")
      ])
  }
}
