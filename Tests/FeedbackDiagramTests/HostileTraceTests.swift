import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import Testing

/// Trace files are input: times that jump across the whole Int64 range, negative and
/// repeated step, effect and feedback numbers, and long runs failing late must all draw.
@Suite struct HostileTraceTests {
  static let graph = TrafficLight.system.graph

  /// Times from Int64.min to Int64.max and back, step indices negative and repeated, an
  /// effect and a feedback numbered below zero.
  static var hostile: Trace {
    Trace(
      header: TraceHeader(graph: graph, test: "hostile", outcome: .failed(at: -1, message: "boom")),
      steps: [
        TraceStep(index: 0, timeNanoseconds: .min, kind: .initial, afterNode: "red"),
        TraceStep(
          index: 1, timeNanoseconds: .max, kind: .effectStarted, feedback: FeedbackID(-2), effect: EffectID(-7)),
        TraceStep(
          index: -1, timeNanoseconds: .min, kind: .event, transition: TransitionID(0), event: "tick", eventNode: "tick",
          beforeNode: "red", afterNode: "green"),
        TraceStep(
          index: -1, timeNanoseconds: 0, kind: .event, transition: TransitionID(1), event: "tick", eventNode: "tick",
          beforeNode: "green", afterNode: "yellow"),
        TraceStep(
          index: 5, timeNanoseconds: .max, kind: .effectEmitted, feedback: FeedbackID(-2), effect: EffectID(-7),
          event: "tick", eventNode: "tick"),
        TraceStep(
          index: 5, timeNanoseconds: .max, kind: .effectCancelled, feedback: FeedbackID(-2), effect: EffectID(-7)),
        TraceStep(
          index: 6, timeNanoseconds: -1_500_000_000, kind: .ignoredEvent, event: "honk", eventNode: "honk",
          beforeNode: "yellow", afterNode: "yellow"),
      ])
  }

  /// The DOT names (before ` [` or ` ->`) of every node and edge statement.
  static func names(_ dot: String) -> [String] {
    dot.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("  "), !line.hasPrefix("  graph "), !line.hasPrefix("  node "), !line.hasPrefix("  edge "),
        let name = line.dropFirst(2).split(separator: " ").first
      else { return nil }
      return String(name)
    }
  }

  @Test func timesAcrossTheWholeRangeAndOddNumbersDrawAValidTimeline() throws {
    let dot = TraceTimelineFigure(graph: Self.graph, trace: Self.hostile).dot
    for name in Self.names(dot) where !name.hasPrefix("subgraph") && !name.hasPrefix("id=") {
      #expect(name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }, "\(name) is not a plain DOT id")
    }
    // Each step is its own node, even when two share an index.
    #expect(dot.contains("state_2 [") && dot.contains("state_3 ["))
    #expect(dot.contains("sent_2 [") && dot.contains("sent_3 ["))
    #expect(dot.contains("xlabel=\"#-1 tick\""))
    #expect(
      dot.contains("label=\"-9223372036.854s\"") && dot.contains("label=\"9223372036.854s\"")
        && dot.contains("label=\"-1.5s\""))
    #expect(dot.contains("failing_top [id=\"failing_step\""))  // step #-1, found by position
    _ = try Diagram.render(dot: dot, engine: TraceTimelineFigure.engine, as: .svg)
    _ = try Diagram.render(dot: TracePathFigure(graph: Self.graph, trace: Self.hostile).dot, as: .svg)
  }

  /// A TrafficLight run of `count` steps cycling on `tick`, failing at `failing`.
  static func long(_ count: Int, failingAt failing: Int) -> Trace {
    let cycle = ["red", "green", "yellow"]
    var steps = [TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, afterNode: "red")]
    for index in 1..<count {
      let from = cycle[(index - 1) % 3], to = cycle[index % 3]
      steps.append(
        TraceStep(
          index: index, timeNanoseconds: Int64(index) * 1_000_000_000, kind: .event,
          transition: TransitionID((index - 1) % 3),
          event: "tick", eventNode: "tick", beforeNode: from, afterNode: to))
    }
    return Trace(
      header: TraceHeader(graph: graph, test: "long", outcome: .failed(at: failing, message: "late")), steps: steps)
  }

  @Test func aLateFailingStepIsDrawnInAWindowAroundIt() {
    let dot = TraceTimelineFigure(graph: Self.graph, trace: Self.long(1_000, failingAt: 900)).dot
    #expect(dot.contains("label=\"TrafficLight · long — timeline, steps #600–#999 of 1000\\n✗ #900: late\""))
    #expect(dot.contains("failing_top [id=\"failing_step\""))
    #expect(dot.contains("label=\"✗ #900\""))
    #expect(!dot.contains("state_599 [") && dot.contains("state_600 [") && dot.contains("state_999 ["))

    var middle = TraceTimelineFigure(graph: Self.graph, trace: Self.long(1_000, failingAt: 500))
    middle.maximumSteps = 100
    #expect(middle.dot.contains("timeline, steps #450–#549 of 1000"))

    let early = TraceTimelineFigure(graph: Self.graph, trace: Self.long(1_000, failingAt: 10)).dot
    #expect(early.contains("timeline, steps #0–#399 of 1000") && early.contains("failing_top ["))
    let short = TraceTimelineFigure(graph: Self.graph, trace: Self.long(50, failingAt: 10)).dot
    #expect(short.contains("label=\"TrafficLight · long — timeline\\n✗ #10: late\"") && !short.contains("truncated"))
  }
}
