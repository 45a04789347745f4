import FeedbackDiagram
import FeedbackGraph
import Foundation
import FeedbackLoopSupport

/// The large-machine rows: the atlas of a 200-state and of a 1,000-state machine (every
/// figure rendered to SVG), the single figure under the budget, and the peak memory.
///
/// Targets (issue #9): `atlas.200` ≤ 10 s, `atlas.1000` ≤ 60 s and ≤ 1 GB
/// (`atlas.1000.peak-rss`: the peak RSS, reset before the run where Linux allows).
///
/// With `BENCHMARK_WRITE_GRAPHS=FOLDER`, the machines are also written there as
/// `Large200.json` and `Large1000.json`, for `diagram atlas --graph`.
let atlasBenchmarks: [Benchmark] = [
  Benchmark(name: "atlas.200", unit: "s", runs: 3) {
    let graph = enumMachine(states: 200, transitions: 600)
    writeGraphIfAsked(graph)
    return try seconds { blackHole(try Atlas(graph: graph).files(systemStem: "Large200", formats: [.svg])) }
  },
  Benchmark(name: "atlas.1000", unit: "s", runs: 3) {
    let graph = enumMachine(states: 1_000, transitions: 3_000)
    writeGraphIfAsked(graph)
    return try seconds { blackHole(try Atlas(graph: graph).files(systemStem: "Large1000", formats: [.svg])) }
  },
  Benchmark(name: "atlas.1000.peak-rss", unit: "MB", runs: 1) {
    let graph = enumMachine(states: 1_000, transitions: 3_000)
    _ = resetPeakResident()  // the peak of this run, not of the rows before it
    blackHole(try Atlas(graph: graph).files(systemStem: "Large1000", formats: [.svg]))
    return Double(peakResidentKilobytes()) / 1024
  },
  Benchmark(name: "render.budget-limit", unit: "s", runs: 3) {
    // The largest single figure the standard budget still draws (fast layout).
    let budget = RenderBudget.standard
    let graph = enumMachine(states: budget.figureStates, transitions: budget.figureEdges)
    return try seconds { blackHole(try Diagram.render(graph, figure: .states, as: .svg)) }
  },
  Benchmark(name: "render.large.1000", unit: "s", runs: 3) {
    // Past the budget: the summary figure instead of a layout that would not finish.
    let graph = enumMachine(states: 1_000, transitions: 3_000)
    return try seconds { blackHole(try Diagram.render(graph, figure: .states, as: .svg)) }
  },
]

/// A machine whose states read like Swift enum cases with payloads (`loading(page: 3)`,
/// `editing(field: .email)`), 16 cases, from a fixed seed: most transitions stay near
/// their case (the same case or the next two), some carry a guard, four leave any state.
func enumMachine(states: Int, transitions: Int) -> SystemGraph {
  let cases: [(String, (Int) -> String)] = [
    ("idle", { "idle(since: \($0))" }), ("loading", { "loading(page: \($0))" }),
    ("loaded", { "loaded(page: \($0), items: \($0 * 20))" }), ("failed", { "failed(attempt: \($0))" }),
    ("editing", { "editing(field: .field\($0))" }), ("validating", { "validating(field: .field\($0))" }),
    ("submitting", { "submitting(request: \($0))" }), ("confirmed", { "confirmed(order: \($0))" }),
    ("browsing", { "browsing(category: \($0))" }), ("searching", { "searching(query: \"q\($0)\")" }),
    ("paying", { "paying(method: .card\($0))" }), ("refunding", { "refunding(order: \($0))" }),
    ("syncing", { "syncing(batch: \($0))" }), ("offline", { "offline(retryIn: \($0))" }),
    ("onboarding", { "onboarding(step: \($0))" }), ("settings", { "settings(tab: .tab\($0))" }),
  ]
  let names = (0..<states).map { index in cases[index % cases.count].1(index / cases.count) }
  let events = [
    "tap", "load", "didLoad", "didFail", "retry", "edit", "validate", "submit", "confirm", "cancel",
    "search", "pay", "refund", "sync", "goOffline", "goOnline", "next", "back", "open", "close",
  ]
  var random = SplitMix64(seed: 9)
  func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
  let edges = (0..<transitions).map { index -> TransitionEdge in
    let event = events[pick(events.count)]
    if index < 600, index % 150 == 149 {  // four transitions from any state, at any size
      return TransitionEdge(id: TransitionID(index), from: nil, event: event, to: [names[pick(states)]], label: "reset")
    }
    let from = pick(states)
    let near = (from % cases.count + pick(3)) % cases.count
    let targetCandidates = stride(from: near, to: states, by: cases.count).map { $0 }
    let target = targetCandidates.isEmpty ? pick(states) : targetCandidates[pick(targetCandidates.count)]
    return TransitionEdge(
      id: TransitionID(index), from: names[from], event: event, to: [names[target]],
      label: index % 3 == 0 ? "step \(index)" : nil, guardDescription: index % 7 == 0 ? "ready \(index % 5)" : nil)
  }
  return SystemGraph(
    name: "Large\(states)", initial: names[0], states: names.map { StateNode(id: $0) },
    events: events.sorted().map { EventNode(id: $0) }, transitions: edges)
}

/// Writes `graph` as `<name>.json` into `$BENCHMARK_WRITE_GRAPHS`, when that is set.
private func writeGraphIfAsked(_ graph: SystemGraph) {
  guard let folder = ProcessInfo.processInfo.environment["BENCHMARK_WRITE_GRAPHS"] else { return }
  let url = URL(fileURLWithPath: folder).appendingPathComponent("\(graph.name).json")
  do {
    try graph.jsonData().write(to: url)
  } catch {
    FileHandle.standardError.write(Data("benchmarks: cannot write \(url.path): \(error)\n".utf8))
  }
}
