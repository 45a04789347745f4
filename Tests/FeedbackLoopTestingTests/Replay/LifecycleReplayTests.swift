import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// Issue #19, item 1, seen by replay: a recorded run replays step for step whatever the
/// effects' lifecycles were — finished with their last event, cancelled while running, or
/// returned with events still queued when a new state let go of them.
@Suite(.timeLimit(.minutes(3))) struct LifecycleReplayTests {
  enum Event: Codable, Hashable, Sendable { case go, first, second }

  /// A counter whose feedback starts `operation` in state 1, with `strategy`.
  static func system(
    _ strategy: ExecutionStrategy,
    _ operation: @escaping @Sendable (Send<Event>, any Clock<Duration>) async throws -> Void
  ) -> System<Int, Event> {
    System("Lifecycles", initial: 0) {
      Reducer { state, _ in state += 1 }
      Feedback("worker") { (state: Int) -> Effect<Event> in state == 1 ? .run(operation) : .none }
        .strategy(strategy)
    }
  }

  /// Records `system` sent `.go` and run for 2 s, then replays the trace against it.
  static func recordAndReplay(_ system: System<Int, Event>) -> (
    kinds: [StepKind], result: TraceReplay<Int, Event>.Result
  ) {
    let loop = LoopRecorder(system, exhaustivity: .off(), writesTrace: false)
    loop.send(.go)
    loop.scheduler.advance(by: .seconds(2))
    loop.finish()
    let trace = loop.trace
    return (trace.steps.map(\.kind), TraceReplay(trace, system: system, source: "Lifecycles.jsonl").run())
  }

  @Test func aRunThatReturnedWithEventsQueuedWhenANewStateLetGoOfItReplays() {
    let (kinds, result) = Self.recordAndReplay(
      Self.system(.cancelOnNewState) { send, _ in
        send(.first)
        send(.second)
      })
    #expect(
      kinds == [.initial, .event, .effectStarted, .effectEmitted, .event, .effectFinished, .stopped])
    #expect(result.passed)
  }

  @Test func aRunWhoseQueuedEventsAreAllReducedReplays() {
    let (kinds, result) = Self.recordAndReplay(
      Self.system(.continueOnNewState) { send, _ in
        send(.first)
        send(.second)
      })
    #expect(
      kinds == [
        .initial, .event, .effectStarted, .effectEmitted, .event, .effectEmitted, .effectFinished, .event, .stopped,
      ])
    #expect(result.passed)
  }

  @Test func aRunCancelledWhileRunningReplays() {
    let (kinds, result) = Self.recordAndReplay(
      Self.system(.cancelOnNewState) { send, clock in
        send(.first)
        try await clock.sleep(for: .seconds(1))
      })
    #expect(kinds == [.initial, .event, .effectStarted, .effectEmitted, .event, .effectCancelled, .stopped])
    #expect(result.passed)
  }

  @Test func aRunThatReturnsAfterItsEventWasReducedReplays() {
    let (kinds, result) = Self.recordAndReplay(
      Self.system(.continueOnNewState) { send, clock in
        send(.first)
        try await clock.sleep(for: .seconds(1))
      })
    #expect(kinds == [.initial, .event, .effectStarted, .effectEmitted, .event, .effectFinished, .stopped])
    #expect(result.passed)
  }
}
