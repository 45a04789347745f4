import FeedbackCoverage
import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import FeedbackLoopSupport

/// The figures of one long trace, as `diagram trace` and `diagram coverage` draw them: the
/// trace path, the timeline and the coverage figure, laid out and rendered to SVG.
///
/// Target (issue #26): any trace a test can write is drawn in under 5 s and 200 MB. The
/// rows take the ends of "a trace a test can write": a 1,000-state machine walked for
/// 10,000 and 100,000 steps (past the render budget: the figures fall back to the run only
/// or a summary), and Movies walked for 100,000 steps (a small machine, a very long run).
/// `trace.figures.peak-MB` is the peak resident set of the largest, reset first.
let traceFigureBenchmarks: [Benchmark] = [
  Benchmark(name: "trace.figures.1000-states-10k-steps", unit: "s", runs: 3) {
    let (graph, trace) = walk(enumMachine(states: 1_000, transitions: 3_000), steps: 10_000)
    return try seconds { try drawTraceFigures(graph, trace) }
  },
  Benchmark(name: "trace.figures.1000-states-100k-steps", unit: "s", runs: 3) {
    let (graph, trace) = walk(enumMachine(states: 1_000, transitions: 3_000), steps: 100_000)
    return try seconds { try drawTraceFigures(graph, trace) }
  },
  Benchmark(name: "trace.figures.movies-100k-steps", unit: "s", runs: 3) {
    let (graph, trace) = walk(Movies.system().graph, steps: 100_000)
    return try seconds { try drawTraceFigures(graph, trace) }
  },
  Benchmark(name: "trace.figures.peak-MB", unit: "MB", runs: 1) {
    let (graph, trace) = walk(enumMachine(states: 1_000, transitions: 3_000), steps: 100_000)
    _ = resetPeakResident()
    try drawTraceFigures(graph, trace)
    return Double(peakResidentKilobytes()) / 1024
  },
]

/// The three figures of `trace`, rendered as SVG.
func drawTraceFigures(_ graph: SystemGraph, _ trace: Trace) throws {
  blackHole(try Diagram.render(dot: TracePathFigure(graph: graph, trace: trace).dot, as: .svg))
  blackHole(
    try Diagram.render(
      dot: TraceTimelineFigure(graph: graph, trace: trace).dot, engine: TraceTimelineFigure.engine, as: .svg))
  var coverage = Coverage(graph: graph)
  coverage.add(trace)
  blackHole(try Diagram.render(dot: CoverageFigure(coverage: coverage).dot, as: .svg))
}

/// A seeded run of `steps` steps through `graph`: a declared transition from the current
/// state when there is one (wildcards included), else an ignored event; 10 ms apart.
func walk(_ graph: SystemGraph, steps: Int) -> (SystemGraph, Trace) {
  var random = SplitMix64(seed: 26)
  var outgoing: [String: [TransitionEdge]] = [:]
  for edge in graph.transitions {
    for state in edge.from.map({ [$0] }) ?? graph.states.map(\.id) { outgoing[state, default: []].append(edge) }
  }
  var current = graph.initial
  var run = [TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, afterNode: current)]
  run.reserveCapacity(steps)
  for index in 1..<steps {
    let time = Int64(index) * 10_000_000
    let choices = (outgoing[current] ?? []).filter { !$0.to.isEmpty }
    if choices.isEmpty {
      let event = graph.events.first?.id ?? "tick"
      run.append(
        TraceStep(
          index: index, timeNanoseconds: time, kind: .ignoredEvent, event: event, eventNode: event, beforeNode: current,
          afterNode: current))
      continue
    }
    let edge = choices[Int(random.next() % UInt64(choices.count))]
    let target = edge.to[Int(random.next() % UInt64(edge.to.count))]
    run.append(
      TraceStep(
        index: index, timeNanoseconds: time, kind: .event, transition: edge.id, event: edge.event,
        eventNode: edge.event, beforeNode: current, afterNode: target))
    current = target
  }
  return (graph, Trace(header: TraceHeader(graph: graph, test: "walk"), steps: run))
}
