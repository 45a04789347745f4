import DiagramCLI
import FeedbackGraph
import Foundation
import Testing

/// A long trace is drawn in bounded memory (issue #26): `diagram trace` reads every line
/// (each one checked) but keeps a window of at most `TraceRun.maximumSteps` steps — the
/// first ones, or those around the failing step — and says so.
@Suite struct LongTraceTests {
  /// A TrafficLight run of `count` steps, failing at `failing` if given, written to a file.
  static func write(_ count: Int, failingAt failing: Int?, in folder: URL) throws -> String {
    let cycle = ["red", "green", "yellow"]
    var steps = [TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, afterNode: "red")]
    for index in 1..<count {
      steps.append(
        TraceStep(
          index: index, timeNanoseconds: Int64(index), kind: .event, transition: TransitionID((index - 1) % 3),
          event: "tick", eventNode: "tick", beforeNode: cycle[(index - 1) % 3], afterNode: cycle[index % 3]))
    }
    let outcome = failing.map { TraceOutcome.failed(at: $0, message: "late") } ?? .passed
    let trace = Trace(header: TraceHeader(graph: Fixtures.graph, test: "long", outcome: outcome), steps: steps)
    let file = folder.appendingPathComponent("long-\(count)-\(failing ?? -1).jsonl")
    try trace.jsonLines().write(to: file)
    return file.path
  }

  @Test func aLongTraceKeepsAWindowAroundTheFailingStepAndSaysSo() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let limit = TraceRun.maximumSteps
    for (count, failing) in [
      (limit + 5_000, nil), (limit * 2, limit + 7_000), (limit * 2, 3), (100, 50), (limit, limit - 10),
    ]
      as [(Int, Int?)]
    {
      let run = try TraceRun(path: try Self.write(count, failingAt: failing, in: folder), registered: [])
      #expect(run.totalSteps == count)
      #expect(run.trace.steps.count <= limit)
      if let failing {
        #expect(run.trace.steps.contains { $0.index == failing }, "the failing step #\(failing) is kept")
      }
      if count <= limit {
        #expect(run.trace.steps.count == count && !run.budgetNotes.contains { $0.contains(" trace: ") })
      } else {
        let first = try #require(run.trace.steps.first), last = try #require(run.trace.steps.last)
        #expect(
          run.budgetNotes.contains(
            "note: TrafficLight trace: \(count) steps, drawn from steps #\(first.index)–#\(last.index) (at most \(limit))"
          ))
        if failing == nil || failing == 3 { #expect(first.index == 0 && last.index == limit - 1) }
        if let failing, failing > limit {
          #expect(first.index == failing - limit / 2 && last.index == failing + limit / 2 - 1)
        }
      }
    }
  }
}
