import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTesting
import Foundation
import Testing

/// Issue #19, item 3: a trace cut between two lines (no stop record) replays to its last
/// step and passes, saying so; a complete trace (with its stop record) still fails when the
/// system makes a step it does not have.
@Suite struct TruncatedTraceReplayTests {
  typealias Phase = TraceReplayTests.Phase
  typealias Action = TraceReplayTests.Action

  /// The fetcher, plus a feedback that answers the last page with one more event (ignored):
  /// steps the recorded run does not have, after its last event.
  static func fetcherWithAnEpilogue() -> System<Phase, Action> {
    TraceReplayTests.fetcher(epilogue: true)
  }

  /// `trace` without its stop record, cut after its first `count` steps.
  static func cut(_ trace: Trace, after count: Int) -> Trace {
    Trace(header: trace.header, steps: Array(trace.steps.prefix(count)))
  }

  @Test func aTraceCutBetweenTwoLinesReplaysToItsLastStepAndSaysSo() {
    let trace = TraceReplayTests.recordedRun()
    #expect(trace.steps.last?.kind == .stopped)
    // Every cut between two lines, up to the one that loses only the stop record.
    for count in 1..<trace.steps.count {
      let result = TraceReplay(Self.cut(trace, after: count), system: TraceReplayTests.fetcher(), source: "Cut.jsonl")
        .run()
      #expect(result.passed, "cut after \(count) steps")
      #expect(result.matchedSteps == count)
      #expect(result.endedWithoutStopRecord)
    }
    let result = TraceReplay(Self.cut(trace, after: 6), system: TraceReplayTests.fetcher(), source: "Cut.jsonl").run()
    #expect(
      result.note
        == "Cut.jsonl ended without its stop record (a crashed app, or a copy flushed while the loop ran): replayed its 6 steps; what the system did after them was not compared."
    )
    #expect(TraceReplay(trace, system: TraceReplayTests.fetcher()).run().note == nil)
  }

  @Test func aTruncatedTraceIsNotComparedPastItsLastStep() {
    // The epilogue's steps come after the last recorded one: a cut trace cannot say
    // whether they happened, so they are not held against the system.
    let trace = TraceReplayTests.recordedRun()
    let result = TraceReplay(
      Self.cut(trace, after: trace.steps.count - 1), system: Self.fetcherWithAnEpilogue(), source: "Cut.jsonl"
    ).run()
    #expect(result.passed)
  }

  @Test func aCompleteTraceFailsWhenTheSystemMakesAStepAfterItsLastOne() {
    // Lacking test (3) of issue #19: the same run, complete, replayed against a system that
    // makes steps after the recorded run's last event.
    let trace = TraceReplayTests.recordedRun()
    let last = trace.steps.count - 1
    var result: TraceReplay<Phase, Action>.Result?
    let messages = failureMessages {
      result = TraceReplay(trace, system: Self.fetcherWithAnEpilogue(), source: "Fetcher.jsonl").run()
    }
    #expect(result?.divergence?.index == last)
    #expect(result?.divergence?.expected?.kind == .stopped)
    #expect(result?.divergence?.actual?.kind == .effectStarted)
    #expect(
      messages.first?.hasPrefix(
        "Replay of Fetcher.jsonl diverged at step #\(last) (4s): the system did something else.") == true)
  }
}
