import FeedbackCoverage
import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import Testing

/// The figures' looks (issue #9, "Looks"): the legend lists only what is used and sits
/// outside the layout, no text is repeated, loops stack their labels, wide figures turn.
@Suite struct FigureLooksTests {
  static func graph(_ name: String = "G", states: [String], _ edges: [(String?, String?, String, String?, String?)])
    -> SystemGraph
  {
    SystemGraph(
      name: name, initial: states[0], states: states.map { StateNode(id: $0) },
      events: Set(edges.compactMap(\.1)).sorted().map { EventNode(id: $0) },
      transitions: edges.enumerated().map { index, edge in
        TransitionEdge(
          id: TransitionID(index), from: edge.0, event: edge.1, to: [edge.2], label: edge.3, guardDescription: edge.4)
      })
  }

  static func legend(_ dot: String) -> String {
    guard let start = dot.range(of: "<table id=\"legend_table\"") else { return "" }
    return String(dot[start.lowerBound...].prefix { $0 != "\n" })
  }

  @Test func theLegendListsOnlyWhatTheFigureUses() {
    let plain = Self.graph(states: ["a", "b"], [("a", "go", "b", nil, nil)])
    let legend = Self.legend(Diagram.dot(plain, figure: .states))
    #expect(legend.contains(">edges: event</font>"))
    #expect(!legend.contains("what it does") && !legend.contains("[guard]") && !legend.contains("from any state"))
    #expect(legend.contains("2 states, 1 transition</font>"))

    let full = Self.graph(states: ["a", "b"], [("a", "go", "b", "move", "ready"), (nil, "reset", "a", nil, nil)])
    let fullLegend = Self.legend(Diagram.dot(full, figure: .states))
    #expect(fullLegend.contains(">edges: event / what it does [guard&#93;</font>"))
    #expect(fullLegend.contains("- - → from any state"))
  }

  @Test func theLegendIsTheGraphsLabelNeverANodeAmongTheEdges() {
    for graph in ExampleCatalog.graphs {
      let dot = Diagram.dot(graph, figure: .states)
      #expect(!dot.contains("cluster_legend"), "\(graph.name)")
      #expect(
        dot.contains(
          "\n  label=<<table border=\"0\" cellspacing=\"6\" cellpadding=\"0\"><tr><td>\(graph.name)</td></tr><tr><td><table id=\"legend_table\""
        ), "\(graph.name)")
    }
  }

  @Test func countsOfOneAreSingular() {
    let one = Self.graph(states: ["only"], [("only", "tick", "only", nil, nil)])
    let dot = Diagram.dot(one, figure: .states)
    #expect(dot.contains("1 state, 1 transition</font>"))
    #expect(!dot.contains("1 states") && !dot.contains("1 transitions"))
  }

  @Test func theInitialStateIsNotCalledInitialTwice() throws {
    let movies = Diagram.dot(Movies.system().graph, figure: .states)
    let node = try #require(
      movies.split(separator: "\n").first { $0.contains("tooltip=\"initial\"") && $0.contains("class=\"state\"") })
    #expect(node.contains("label=\"initial\", fontname=\"Helvetica-Bold\""))
    let light = Diagram.dot(TrafficLight.system.graph, figure: .states)
    #expect(
      light.contains(
        "label=<<font point-size=\"9.0\" color=\"#57606a\">initial</font><br/><font face=\"Helvetica-Bold\">red</font>>"
      ))
  }

  @Test func theLoopFigureSaysStateOnce() throws {
    let dot = Diagram.dot(Counter.system().graph, figure: .loop)
    let state = try #require(dot.split(separator: "\n").first { $0.contains("id=\"loop_state\"") })
    #expect(state.contains("label=<<font face=\"Helvetica-Bold\">State</font>>"))
    let light = Diagram.dot(TrafficLight.system.graph, figure: .loop)
    #expect(
      light.contains(
        "<font face=\"Helvetica-Bold\">State</font><br/><font point-size=\"10.0\" color=\"#57606a\">green, red, yellow</font>"
      ))
  }

  @Test func aLargeMachinesLoopFigureListsItsCasesNotEveryState() throws {
    // 10 cases of 20 states each and one of 1: the state node lists 8 cases with
    // their counts, four to a line, then the rest as a count, not 201 names in one line.
    let cases = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett"]
    let names = cases.flatMap { c in (0..<20).map { "\(c)(value: \($0))" } } + ["<odd>"]
    let graph = SystemGraph(
      name: "Big", initial: names[0], states: names.map { StateNode(id: $0) }, events: [], transitions: [])
    let dot = Diagram.dot(graph, figure: .loop)
    let state = try #require(dot.split(separator: "\n").first { $0.contains("id=\"loop_state\"") })
    #expect(
      state.contains(
        "&lt;odd&gt; (1), alpha (20), bravo (20), charlie (20),<br/>delta (20), echo (20), foxtrot (20), golf (20),<br/>"
          + "+3 more cases<br/>201 states</font>"))
    #expect(!state.contains("value: 3"))
    #expect(!dot.contains("<odd>"))  // a case's name is escaped like any name
  }

  @Test func eventsSharingALoopStackInOneLabel() throws {
    let loops = Self.graph(
      states: ["s"],
      [("s", "up", "s", "value + 1", nil), ("s", "down", "s", "value - 1", nil), ("s", "reset", "s", nil, nil)])
    let edges = Diagram.dot(loops, figure: .states).split(separator: "\n").filter {
      $0.contains(" -> n0 ") && !$0.contains("initial")
    }
    #expect(edges.count == 1)
    #expect(try #require(edges.first).contains("label=\"up / value + 1\\ndown / value - 1\\nreset\""))
  }

  @Test func aLabelThatRepeatsItsEventIsNotPrintedTwice() {
    let graph = Self.graph(
      states: ["a", "b", "c", "d"],
      [
        ("a", "retry", "b", "retry", nil),  // the same word
        ("b", "didLoad", "c", "did load", nil),  // the same words, spaced
        ("c", "retry", "d", "retry the request", "online"),  // starts with the event
        ("d", "go", "a", "move on", nil),  // different: both
      ])
    let dot = Diagram.dot(graph, figure: .states)
    #expect(dot.contains("label=\"retry\", tooltip"))
    #expect(dot.contains("label=\"didLoad\", tooltip"))
    #expect(dot.contains("label=\"retry the request [online]\", tooltip"))
    #expect(dot.contains("label=\"go / move on\", tooltip"))
  }

  @Test func aWideFigureTurnsTopToBottom() {
    let chain = (0..<9).map { "step\($0)" }
    let long = Self.graph(
      states: chain, (0..<8).map { (chain[$0], "next", chain[$0 + 1], "advance to the next step", nil) })
    #expect(Diagram.dot(long, figure: .states).contains("graph [rankdir=TB,"))
    #expect(Diagram.dot(TrafficLight.system.graph, figure: .states).contains("graph [rankdir=LR,"))
    #expect(Diagram.dot(Movies.system().graph, figure: .states).contains("graph [rankdir=TB,"))
  }

  @Test func theCoverageLegendListsOnlyWhatIsMissingAndDoesNotRepeatTheTitle() throws {
    let partial = Self.legend(CoverageFigure(coverage: try Fixtures.coverage()).dot)
    #expect(partial.contains("- - - never exercised") && partial.contains("never exercised: any state —emergency→ red"))
    #expect(!partial.contains("3/4 transitions"))  // the title says it
    var complete = Coverage(graph: TrafficLight.system.graph)
    try CoverageCollector.add(Fixtures.path("complete"), to: &complete)
    let full = Self.legend(CoverageFigure(coverage: complete).dot)
    #expect(!full.contains("never exercised") && !full.contains("never entered"))
    #expect(full.contains("——— exercised (width ∝ count)"))
  }
}
