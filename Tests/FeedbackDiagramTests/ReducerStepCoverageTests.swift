import FeedbackCoverage
import FeedbackDiagram
import FeedbackGraph
import Testing

/// A system with declared transitions and a fallback reducer: the reducer's steps are drawn
/// as observed "by reducer" edges, not as undeclared ones.
@Suite struct ReducerStepCoverageTests {
  @Test func aFallbackReducersStepIsObservedNotUndeclared() {
    let graph = SystemGraph(
      name: "Door", initial: "closed", states: [StateNode(id: "closed"), StateNode(id: "open")],
      events: [EventNode(id: "kick"), EventNode(id: "push")],
      transitions: [TransitionEdge(id: 0, from: "closed", event: "push", to: ["open"])])
    var coverage = Coverage(graph: graph)
    coverage.beginTrace()
    coverage.add(TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, afterNode: "closed"))
    coverage.add(
      TraceStep(
        index: 1, timeNanoseconds: 0, kind: .event, transition: 0, event: "push", eventNode: "push",
        beforeNode: "closed",
        afterNode: "open"))
    coverage.add(
      TraceStep(
        index: 2, timeNanoseconds: 0, kind: .event, event: "kick", eventNode: "kick", beforeNode: "open",
        afterNode: "closed"
      ))
    #expect(coverage.undeclared.isEmpty)
    let dot = CoverageFigure(coverage: coverage).dot
    #expect(dot.contains("by reducer: kick ×1"))
    #expect(!dot.contains("undeclared: kick"))
  }
}
