import FeedbackCoverage
import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The fixture traces: TrafficLight runs recorded by `LoopRecorder`, plus a stale and a
/// malformed copy.
enum Fixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  static func path(_ name: String) -> String { folder.appendingPathComponent("TrafficLight-\(name).jsonl").path }

  static func trace(_ name: String) throws -> Trace {
    try Trace.decodeJSONLines(Data(contentsOf: URL(fileURLWithPath: path(name))), source: path(name))
  }

  /// Coverage of the run that never sends the emergency.
  static func coverage() throws -> Coverage {
    var coverage = Coverage(graph: TrafficLight.system.graph)
    try CoverageCollector.add(path("missing"), to: &coverage)
    return coverage
  }
}

/// The DOT of the coverage and trace figures against golden files (re-record with
/// `RECORD_SNAPSHOTS=1 swift test --filter TraceFigureTests`), what each figure marks, and
/// their SVG and PNG.
@Suite struct TraceFigureTests {
  static func golden(_ dot: String, _ name: String) throws {
    let file = GoldenDOTTests.folder.appendingPathComponent(name)
    if GoldenDOTTests.recording { try Data(dot.utf8).write(to: file) }
    let golden = try String(contentsOf: file, encoding: .utf8)
    #expect(dot == golden, "DOT differs from \(name); re-record with RECORD_SNAPSHOTS=1 if intended")
  }

  static func figures() throws -> [(name: String, dot: String, engine: String)] {
    let failing = try Fixtures.trace("failing")
    let graph = TrafficLight.system.graph
    return [
      ("TrafficLight.coverage", CoverageFigure(coverage: try Fixtures.coverage()).dot, "dot"),
      ("TrafficLight.failing.trace-path", TracePathFigure(graph: graph, trace: failing).dot, "dot"),
      (
        "TrafficLight.failing.trace-timeline", TraceTimelineFigure(graph: graph, trace: failing).dot,
        TraceTimelineFigure.engine
      ),
    ]
  }

  @Test func dotMatchesTheGoldenFilesAndIsStable() throws {
    let first = try Self.figures(), second = try Self.figures()
    for (figure, again) in zip(first, second) {
      #expect(figure.dot == again.dot, "\(figure.name) is byte-identical across runs")
      try Self.golden(figure.dot, figure.name + ".dot")
    }
  }

  @Test func coverageMarksTheUncoveredTransitionDashedRed() throws {
    let theme = Theme.light
    let dot = CoverageFigure(coverage: try Fixtures.coverage(), theme: theme).dot
    let wildcard = try #require(dot.split(separator: "\n").first { $0.contains("id=\"edge_t3\"") })
    #expect(wildcard.hasPrefix("  any -> n1 "))
    #expect(wildcard.contains("class=\"transition uncovered t3 wildcard\""))
    #expect(wildcard.contains("style=dashed, color=\"\(theme.uncovered)\""))
    #expect(wildcard.contains("label=\"emergency ×0\""))
    #expect(wildcard.contains("tooltip=\"any state —emergency→ red: never exercised\""))
    let exercised = try #require(dot.split(separator: "\n").first { $0.contains("id=\"edge_t0\"") })
    #expect(exercised.contains("label=\"tick ×1\"") && exercised.contains("class=\"transition covered t0\""))
    #expect(
      dot.contains(
        "  label=<<table border=\"0\" cellspacing=\"6\" cellpadding=\"0\"><tr><td>TrafficLight — coverage: 3/4 transitions · 3/3 states</td></tr>"
      ))  // the title heads the graph's label
  }

  @Test func eachTargetOfAComputedTransitionIsDrawnFromItsOwnCount() throws {
    let loader = SystemGraph(
      name: "Loader", initial: "loading",
      states: ["failed", "loaded", "loading"].map { StateNode(id: $0) },
      events: [EventNode(id: "didLoad")],
      transitions: [
        TransitionEdge(
          id: TransitionID(0), from: "loading", event: "didLoad", to: ["loaded", "failed"], isComputed: true)
      ])
    var coverage = Coverage(graph: loader)
    coverage.add(TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, afterNode: "loading"))
    for index in 1...3 {
      coverage.add(
        TraceStep(
          index: index, timeNanoseconds: 0, kind: .event, transition: TransitionID(0), event: "didLoad",
          eventNode: "didLoad", beforeNode: "loading", afterNode: "loaded"))
    }
    let lines = CoverageFigure(coverage: coverage).dot.split(separator: "\n")
    let loaded = try #require(lines.first { $0.contains("id=\"edge_t0_0\"") })
    #expect(
      loaded.hasPrefix("  n2 -> n1 ") && loaded.contains("class=\"transition covered t0\"")
        && loaded.contains("label=\"didLoad ×3\""))
    #expect(!loaded.contains("style=dashed"))
    let failed = try #require(lines.first { $0.contains("id=\"edge_t0_1\"") })
    #expect(
      failed.hasPrefix("  n2 -> n0 ") && failed.contains("class=\"transition uncovered t0\"")
        && failed.contains("label=\"didLoad ×0\""))
    #expect(failed.contains("style=dashed, color=\"\(Theme.light.uncovered)\""))
    #expect(
      failed.contains(
        "tooltip=\"loading —didLoad→ failed: never reached (loading —didLoad→ {loaded, failed} fired 3 times)\""))
    let legend = try #require(lines.first { $0.contains("legend_table") })
    #expect(legend.contains("1/1 transitions"))
    #expect(legend.contains("the transition is covered once any target is reached"))
    #expect(legend.contains("never reached: loading —didLoad→ failed"))
  }

  @Test func theLegendNamesUncoveredTransitionsAsTheCommandLineDoes() throws {
    let states = (0..<11).map { "s\($0)" }
    let graph = SystemGraph(
      name: "Chain", initial: "s0", states: states.map { StateNode(id: $0) }, events: [EventNode(id: "next")],
      transitions: (0..<10).map {
        TransitionEdge(
          id: TransitionID($0), from: states[$0], event: "next", to: [states[$0 + 1]],
          guardDescription: $0 == 0 ? "ready" : nil)
      })
    var coverage = Coverage(graph: graph)
    coverage.add(TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, afterNode: "s0"))
    let legend = try #require(
      CoverageFigure(coverage: coverage).dot.split(separator: "\n").first { $0.contains("legend_table") })
    #expect(legend.contains("never exercised: s0 —next→ s1 [ready&#93;"))  // the words of --min-transitions
    #expect(legend.contains("never exercised: s7 —next→ s8"))
    #expect(!legend.contains("s8 —next→ s9"))  // eight named, the rest counted
    #expect(legend.contains("… and 2 more (see the edges&#39; tooltips)"))
  }

  @Test func coverageDrawsUndeclaredEdgesIgnoredEventsAndUnvisitedStates() {
    let graph = TrafficLight.system.graph
    var coverage = Coverage(graph: graph)
    coverage.add(TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, afterNode: "red"))
    coverage.add(
      TraceStep(
        index: 1, timeNanoseconds: 0, kind: .undeclaredTransition, transition: TransitionID(0), event: "tick",
        eventNode: "tick", beforeNode: "red", afterNode: "yellow"))
    coverage.add(
      TraceStep(
        index: 2, timeNanoseconds: 0, kind: .ignoredEvent, event: "honk", eventNode: "honk", beforeNode: "yellow",
        afterNode: "yellow"))
    let dot = CoverageFigure(coverage: coverage).dot
    let undeclared = dot.split(separator: "\n").first { $0.contains("id=\"undeclared_1\"") } ?? ""
    #expect(undeclared.hasPrefix("  n1 -> n2 "))  // red -> yellow
    #expect(undeclared.contains("label=\"undeclared: tick ×1\"") && undeclared.contains("style=bold"))
    #expect(undeclared.contains("color=\"\(Theme.light.undeclared)\""))
    let green = dot.split(separator: "\n").first { $0.contains("id=\"state_0\"") } ?? ""
    #expect(green.contains("class=\"state unvisited\"") && green.contains("style=\"rounded,filled,dashed\""))
    let yellow = dot.split(separator: "\n").first { $0.contains("id=\"state_2\"") } ?? ""
    #expect(yellow.contains("ignored: honk ×1"))
    #expect(dot.contains("undeclared: happened, not declared"))
  }

  @Test func aPlainReducerIsDrawnAsItsObservedGraph() {
    let graph = SystemGraph(
      name: "Count", initial: "Int", states: [StateNode(id: "Int")], events: [EventNode(id: "up")],
      declaresTransitions: false, transitions: [])
    var coverage = Coverage(graph: graph)
    coverage.add(TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, afterNode: "Int"))
    coverage.add(
      TraceStep(
        index: 1, timeNanoseconds: 0, kind: .event, event: "up", eventNode: "up", beforeNode: "Int", afterNode: "Int"))
    let dot = CoverageFigure(coverage: coverage).dot
    #expect(
      dot.contains(
        "  label=<<table border=\"0\" cellspacing=\"6\" cellpadding=\"0\"><tr><td>Count — observed (no declared transitions): 1 edge · 1/1 states</td></tr>"
      ))  // the title heads the graph's label
    #expect(dot.contains("n0 -> n0 [id=\"observed_1\", class=\"observed\", label=\"up ×1\""))
  }

  @Test func thePathNumbersTheStepsAndMarksTheFailingOne() throws {
    let dot = TracePathFigure(graph: TrafficLight.system.graph, trace: try Fixtures.trace("failing")).dot
    let lines = dot.split(separator: "\n")
    let failing = try #require(lines.first { $0.contains("failing\"") && $0.contains("->") })
    #expect(failing.hasPrefix("  n2 -> n1 "))  // yellow -> red, drawn from where the run was
    #expect(failing.contains("label=\"✗ #10 emergency\"") && failing.contains("color=\"\(Theme.light.failure)\""))
    #expect(lines.contains { $0.hasPrefix("  n1 -> n0 ") && $0.contains("label=\"#3 tick\"") })
    // yellow -tick-> red not taken
    #expect(lines.contains { $0.contains("id=\"idle_t2\"") && $0.contains("style=dashed") })
    #expect(
      dot.contains(
        "  label=<<table border=\"0\" cellspacing=\"6\" cellpadding=\"0\"><tr><td>TrafficLight · emergencyWhileYellow — failed at step #10</td></tr>"
      ))  // the title heads the graph's label
    #expect(dot.contains("✗ State mismatch after send(emergency) at step #10."))
  }

  @Test func aWildcardTakenFromAStateIsNotDrawnAsNotTaken() throws {
    let graph = TrafficLight.system.graph
    let failing = TracePathFigure(graph: graph, trace: try Fixtures.trace("failing")).dot
    let lines = failing.split(separator: "\n")
    // emergency was taken from yellow: drawn from yellow, and from `any` in its own style.
    let wildcard = try #require(lines.first { $0.hasPrefix("  any -> n1 ") })
    #expect(
      wildcard.contains("id=\"taken_any_t3\"") && wildcard.contains("class=\"transition wildcard taken-elsewhere t3\""))
    #expect(wildcard.contains("style=dotted") && !wildcard.contains("dashed"))
    #expect(wildcard.contains("tooltip=\"any state —emergency→ red: taken from yellow\""))
    #expect(failing.contains("· · → from any state: taken, drawn from the states it was taken in"))
    #expect(lines.contains { $0.hasPrefix("  n2 -> n1 ") && $0.contains("class=\"path t3 failing\"") })

    let missing = TracePathFigure(graph: graph, trace: try Fixtures.trace("missing")).dot
    let idle = try #require(missing.split(separator: "\n").first { $0.hasPrefix("  any -> n1 ") })
    #expect(
      idle.contains("id=\"idle_t3\"") && idle.contains("style=dashed") && idle.contains("emergency→ red: not taken"))
    #expect(!missing.contains("taken-elsewhere") && !missing.contains("from any state: taken"))
  }

  @Test func theTimelineHasLanesBarsAndTheFailingStep() throws {
    let dot = TraceTimelineFigure(graph: TrafficLight.system.graph, trace: try Fixtures.trace("failing")).dot
    #expect(dot.contains("layout=neato"))
    #expect(dot.contains("lane_f0 [id=\"lane_f0\", class=\"lane\", shape=plaintext, fontsize=12.0, label=\"timer\""))
    // Effects #0 (0s–30s) and #1 (30s–60s) lasted: bars; #2 and #3 began and ended at 60s:
    // thin marks (issue #34: instants are marks, stretches are bars).
    #expect(dot.components(separatedBy: "class=\"effect cancelled\"").count - 1 == 2)
    #expect(dot.components(separatedBy: "class=\"effect cancelled instant\"").count - 1 == 2)
    #expect(dot.contains("effect_2 [id=\"effect_2\", class=\"effect cancelled instant\""))
    // An instant holding several steps is a thin bracket, not a thick stretch.
    let instants = dot.split(separator: "\n").filter { $0.contains("class=\"instant\"") }
    #expect(instants.count == 3)
    #expect(instants.allSatisfy { $0.contains("penwidth=1.5") && $0.contains("arrowhead=tee") }, "\(instants)")
    // The tick emitted at step #2 is known by the step that reduced it, as on the path (#19 item 6).
    #expect(dot.contains("emitted_2 [") && dot.contains("xlabel=\"#3 tick\""))
    #expect(dot.contains("tooltip=\"timer effect #0 emitted tick at step #2, reduced at step #3\""))
    #expect(dot.contains("sent_10 [") && dot.contains("xlabel=\"#10 emergency\""))
    #expect(dot.contains("failing_top [id=\"failing_step\""))
    #expect(dot.contains("label=\"60s\""))
  }

  @Test func everyFigureRendersAsSVGAndPNG() throws {
    for figure in try Self.figures() {
      let svg = try Diagram.render(dot: figure.dot, engine: figure.engine, as: .svg)
      let text = String(decoding: svg, as: UTF8.self)
      #if canImport(FoundationXML) || canImport(Darwin)
        let root = try XMLParsing.document(svg) { $0.rootElement()?.name }
        #expect(root == "svg", "\(figure.name)")
      #endif
      let png = try Diagram.render(dot: figure.dot, engine: figure.engine, as: .png)
      #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(figure.name)")
      #expect(png.count > 5_000, "\(figure.name)")
      switch figure.name {
      case "TrafficLight.coverage":
        #expect(text.contains("id=\"edge_t3\"") && text.contains("class=\"edge transition uncovered t3 wildcard\""))
      case "TrafficLight.failing.trace-path":
        #expect(text.contains("id=\"move_") && text.contains("class=\"node state visited failing\""))
      default: #expect(text.contains("id=\"effect_0\"") && text.contains("id=\"failing_line\""))
      }
    }
  }

  @Test func darkThemeColoursTheFigures() throws {
    let dark = try Theme.named("dark")
    let dot = CoverageFigure(coverage: try Fixtures.coverage(), theme: dark).dot
    #expect(dot.contains("bgcolor=\"\(dark.background)\"") && dot.contains("color=\"\(dark.uncovered)\""))
    #expect(dark.uncovered != Theme.light.uncovered)
  }
}
