import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTesting
import Testing
import FeedbackLoopSupport

/// Ordering promises of the loop that only show with several events queued at once, which
/// the test scheduler arranges deterministically (the runtime's own tests run inline).
@Suite(.timeLimit(.minutes(3))) struct LoopOrderingTests {
  enum Event: Hashable, Sendable { case a, b, c, go, first, second }

  @Test func queuedEventsAreReducedInTheOrderTheyWereSent() {
    let scheduler = TestScheduler()
    let reduced = Protected<[Event]>([])
    let loop = Loop(
      System<Int, Event>(
        initial: 0,
        reduce: { state, event in
          state += 1
          reduced.withLock { $0.append(event) }
        }), scheduler: scheduler)
    scheduler.advance()
    // 40 events, all queued before a turn runs: the queue's ring wraps and grows twice.
    let sent = (0..<40).map { [Event.a, .b, .c, .go][$0 % 4 == 3 ? 3 : $0 % 3] }
    for event in sent { loop.send(event) }
    #expect(reduced.withLock { $0 }.isEmpty)
    scheduler.advance()
    #expect(reduced.withLock { $0 } == sent)
    loop.stop()
  }

  @Test func aFeedbacksEventIsReducedAfterEveryFeedbackSawTheStateBeforeIt() {
    // Reducing an emitted event inside the feedback that emitted it (re-entrance) would show
    // the second feedback state 1 before state 0.
    let seen = Protected<[Int]>([])
    let system = System<Int, Event>(initial: 0) {
      Reducer { state, _ in state += 1 }
      Feedback("emitter") { (state: Int) -> Effect<Event> in state == 0 ? .send(.go) : .none }
      Feedback("watcher") { (state: Int) -> Effect<Event> in
        seen.withLock { $0.append(state) }
        return .none
      }
    }
    let loop = Loop(system)
    #expect(loop.state == 1)
    #expect(seen.withLock { $0 } == [0, 1])
  }

  @Test func anEventQueuedByAReturnedEffectIsDroppedWhenANewStateReplacesIt() {
    // The effect sends two events and returns; reducing the first makes a new state, which
    // replaces the effect (cancelOnNewState) while the second is still queued. The effect
    // had returned, so it finished (the lifecycle rule: only a running effect can be
    // cancelled), and its queued event is dropped, as a synchronous `.send(a, b)`'s is.
    let (steps, reduced) = Self.runPair { send, _ in
      send(.first); send(.second)
    }
    #expect(reduced == [.first])
    #expect(steps == [.initial, .effectStarted, .effectEmitted, .event, .effectFinished])
  }

  @Test func anEventFromAnEffectCancelledBeforeItIsReducedIsNeverDelivered() {
    // The same, but the effect is still running (it sleeps after sending): it is cancelled.
    let (steps, reduced) = Self.runPair { send, clock in
      send(.first); send(.second)
      try await clock.sleep(for: .seconds(1))
    }
    #expect(reduced == [.first])
    #expect(steps == [.initial, .effectStarted, .effectEmitted, .event, .effectCancelled])
  }

  /// Runs a loop whose feedback starts `operation` in state 0, on a test scheduler: the
  /// steps it reported and the events it reduced.
  private static func runPair(
    _ operation: @escaping @Sendable (Send<Event>, any Clock<Duration>) async throws -> Void
  ) -> (steps: [StepKind], reduced: [Event]) {
    let scheduler = TestScheduler()
    let reduced = Protected<[Event]>([])
    let system = System<Int, Event>(initial: 0) {
      Reducer { state, event in
        state += 1
        reduced.withLock { $0.append(event) }
      }
      Feedback("pair") { (state: Int) -> Effect<Event> in state == 0 ? .run(operation) : .none }
    }
    let steps = Protected<[StepKind]>([])
    let loop = Loop(system, scheduler: scheduler) { step in steps.withLock { $0.append(step.kind) } }
    scheduler.advance()
    #expect(loop.state == 1)
    loop.stop()
    scheduler.advance()
    // The stop cancels nothing more: the effect had ended.
    let all = steps.withLock { $0 }
    #expect(all.last == .stopped)
    return (Array(all.dropLast()), reduced.withLock { $0 })
  }
}
