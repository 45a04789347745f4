#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import FeedbackLoop
import FeedbackLoopCombine
import FeedbackLoopTesting
import Testing

/// Timers that a publisher effect schedules through the loop's Combine scheduler die with
/// the effect: when it finishes or is cancelled, none of them stays pending (OpenCombine's
/// `timeout` leaves its repeating timer scheduled after it fired and after `cancel()`).
@Suite struct EffectTimerLifetimeTests {
  enum Phase: Hashable, Sendable { case idle, waiting, timedOut, done }
  enum Event: Hashable, Sendable { case start, stop, reply, timedOut }

  /// On `waiting`, a request that never answers, under a 5 s timeout that sends `timedOut`.
  static func system(_ scheduler: LoopCombineScheduler) -> System<Phase, Event> {
    System("Timeout", initial: .idle) {
      Transitions {
        Transition(from: .idle, on: .start, to: .waiting)
        Transition(from: .waiting, on: .timedOut, to: .timedOut)
        Transition(from: .waiting, on: .stop, to: .idle)
      }
      Feedbacks {
        Feedback.on("request", emits: [.timedOut], .value(.waiting)) { _ in
          .publisher(
            Empty<Event, Never>(completeImmediately: false)
              .timeout(.seconds(5), scheduler: scheduler)
              .append(Just(.timedOut)))
        }
      }
    }
  }

  @Test func aTimeoutThatFiredLeavesNoTimerPending() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(Self.system(scheduler.combine), scheduler: scheduler)
    loop.send(.start) { $0 = .waiting }
    scheduler.advance(by: .seconds(5))
    loop.receive(.timedOut, from: "request") { $0 = .timedOut }
    #expect(scheduler.pending.isEmpty, "\(scheduler.pending)")
    loop.finish()
  }

  @Test func aCancelledEffectLeavesNoTimerPending() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(Self.system(scheduler.combine), scheduler: scheduler)
    loop.send(.start) { $0 = .waiting }
    scheduler.advance(by: .seconds(1))
    loop.send(.stop) { $0 = .idle }  // cancels the request, and its timeout with it
    scheduler.advance()
    #expect(scheduler.pending.isEmpty, "\(scheduler.pending)")
    scheduler.advance(by: .seconds(10))
    loop.finish()
  }

  @Test func timersOutsideAnyEffectAreLeftAlone() {
    let scheduler = TestScheduler()
    var fired = 0
    let subscription = Just(1).delay(for: .seconds(1), scheduler: scheduler.combine).sink { _ in fired += 1 }
    scheduler.advance(by: .seconds(1))
    #expect(fired == 1)
    subscription.cancel()
  }
}
