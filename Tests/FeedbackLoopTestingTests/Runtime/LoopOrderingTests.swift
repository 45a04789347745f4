import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// Ordering promises of the loop that only show with several events queued at once, which
/// the test scheduler arranges deterministically (the runtime's own tests run inline).
@Suite struct LoopOrderingTests {
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

  @Test func anEventFromAnEffectCancelledBeforeItIsReducedIsNeverDelivered() {
    // The effect sends two events at once; reducing the first makes a new state, which
    // cancels the effect (cancelOnNewState), while the second is already queued.
    let scheduler = TestScheduler()
    let reduced = Protected<[Event]>([])
    let system = System<Int, Event>(initial: 0) {
      Reducer { state, event in
        state += 1
        reduced.withLock { $0.append(event) }
      }
      Feedback("pair") { (state: Int) -> Effect<Event> in
        state == 0
          ? .run { send, _ in
            send(.first); send(.second)
          } : .none
      }
    }
    let steps = Protected<[StepKind]>([])
    let loop = Loop(system, scheduler: scheduler) { step in steps.withLock { $0 += step.expanded.map(\.kind) } }
    scheduler.advance()
    #expect(reduced.withLock { $0 } == [.first])
    #expect(loop.state == 1)
    #expect(steps.withLock { $0 } == [.initial, .effectStarted, .effectEmitted, .event, .effectCancelled])
    loop.stop()
  }
}
