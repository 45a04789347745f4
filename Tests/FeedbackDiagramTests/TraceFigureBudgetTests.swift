import FeedbackCoverage
import FeedbackDiagram
import FeedbackGraph
import Foundation
import Testing
import FeedbackLoopSupport

/// The trace path and coverage figures obey the render budget (issue #26): a `diagram
/// trace` of a 200-state machine took minutes and a coverage figure of a 1,000-state one
/// 80 s and 1.2 GB. Checked on DOT text over seeded machines and runs, with a small budget
/// so that every outcome (full, fast, only the run, summary) is reached; never by timing.
@Suite struct TraceFigureBudgetTests {
  static let budget = RenderBudget(labelledEdges: 12, figureStates: 20, figureEdges: 40)

  /// A seeded machine of `states` states and `transitions` transitions, and a run of
  /// `steps` steps through it (an undeclared move now and then).
  static func machine(_ random: inout SplitMix64, states: Int, transitions: Int, steps: Int) -> (SystemGraph, Trace) {
    let names = (0..<states).map { "s\($0)" }
    let edges = (0..<transitions).map { index in
      TransitionEdge(
        id: TransitionID(index), from: names[Int(random.next() % UInt64(states))], event: "e\(index % 5)",
        to: [names[Int(random.next() % UInt64(states))]], label: "t\(index)")
    }
    let graph = SystemGraph(
      name: "M", initial: "s0", states: names.map { StateNode(id: $0) },
      events: (0..<5).map { EventNode(id: "e\($0)") },
      transitions: edges)
    var current = "s0"
    var trace = [TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, afterNode: current)]
    for index in 1..<steps {
      let from = edges.filter { $0.from == current }
      if let edge = from.isEmpty ? nil : from[Int(random.next() % UInt64(from.count))], random.next() % 8 != 0 {
        trace.append(
          TraceStep(
            index: index, timeNanoseconds: Int64(index), kind: .event, transition: edge.id, event: edge.event,
            eventNode: edge.event, beforeNode: current, afterNode: edge.to[0]))
        current = edge.to[0]
      } else {
        let to = names[Int(random.next() % UInt64(states))]
        trace.append(
          TraceStep(
            index: index, timeNanoseconds: Int64(index), kind: .undeclaredTransition, event: "e0", eventNode: "e0",
            beforeNode: current, afterNode: to))
        current = to
      }
    }
    return (graph, Trace(header: TraceHeader(graph: graph, test: "run"), steps: trace))
  }

  /// The state nodes (`n<index> [`) and the edges between them (`n… -> n…`) of a DOT text.
  static func counts(_ dot: String) -> (states: Int, edges: Int, xlabels: Bool, labels: Bool) {
    let lines = dot.split(separator: "\n")
    let states = lines.filter { line in
      line.hasPrefix("  n") && !line.contains(" -> ") && line.dropFirst(3).prefix { $0 != " " }.allSatisfy(\.isNumber)
    }.count
    let edges = lines.filter { $0.contains(" -> ") && !$0.hasPrefix("  initial") }
    return (
      states, edges.count, edges.contains { $0.contains("xlabel=") },
      edges.contains { $0.contains(", label=") || $0.contains("[label=") }
    )
  }

  @Test func theTracePathDrawsWhatTheBudgetAllowsAndSaysWhatItGaveUp() {
    var random = SplitMix64(seed: 26_5)
    var seen: Set<String> = []
    for _ in 0..<60 {
      let states = Int(random.next() % 40) + 2
      let (graph, trace) = Self.machine(
        &random, states: states, transitions: Int(random.next() % 60) + 1, steps: Int(random.next() % 80) + 2)
      var figure = TracePathFigure(graph: graph, trace: trace)
      figure.budget = Self.budget
      let dot = figure.dot
      let (drawnStates, drawnEdges, xlabels, labels) = Self.counts(dot)
      #expect(drawnStates <= Self.budget.figureStates, "\(drawnStates) states drawn")
      #expect(drawnEdges <= Self.budget.figureEdges, "\(drawnEdges) edges drawn")
      let note = figure.budgetNote
      if drawnEdges > Self.budget.labelledEdges { #expect(!labels && note != nil) }
      if let note {
        #expect(dot.contains(HTMLText.escaped(String(note.prefix(30)))), "the legend says it: \(note)")
        seen.insert(String(note.prefix(12)))
      } else {
        #expect(!xlabels && drawnStates >= graph.states.count)
        seen.insert("full")
      }
    }
    // The seed reaches every outcome.
    #expect(seen == ["full", "fast layout:", "only the run", "the run: not"], "\(seen)")
  }

  @Test func theCoverageFigureIsASummaryPastTheBudget() {
    var random = SplitMix64(seed: 26_51)
    var seen: Set<String> = []
    for _ in 0..<40 {
      let (graph, trace) = Self.machine(
        &random, states: Int(random.next() % 40) + 2, transitions: Int(random.next() % 60) + 1, steps: 30)
      var coverage = Coverage(graph: graph)
      coverage.beginTrace()
      for step in trace.steps { coverage.add(step) }
      var figure = CoverageFigure(coverage: coverage)
      figure.budget = Self.budget
      let dot = figure.dot
      let (drawnStates, drawnEdges, _, labels) = Self.counts(dot)
      #expect(drawnStates <= Self.budget.figureStates && drawnEdges <= Self.budget.figureEdges)
      if drawnEdges > Self.budget.labelledEdges { #expect(!labels) }
      if let note = figure.budgetNote {
        #expect(dot.contains(HTMLText.escaped(String(note.prefix(30)))))
        if note.hasPrefix("not drawn") { #expect(dot.contains("summary [id=\"summary\"") && drawnStates == 0) }
        seen.insert(String(note.prefix(9)))
      } else {
        seen.insert("full")
      }
    }
    #expect(seen == ["full", "fast layo", "not drawn"], "\(seen)")
  }

  @Test func aLongRunListsAtMostSoManyStepsPerTooltip() {
    var random = SplitMix64(seed: 3)
    let (graph, trace) = Self.machine(&random, states: 2, transitions: 4, steps: 5_000)
    let dot = TracePathFigure(graph: graph, trace: trace).dot
    // Each move's tooltip lists 40 steps, then counts the rest: the text grows with the
    // machine, not with the run.
    #expect(dot.utf8.count < 40_000, "\(dot.utf8.count) bytes")
    #expect(dot.contains(" more\""))
  }
}
