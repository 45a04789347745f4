import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTesting
import Testing
import FeedbackLoopSupport

/// Issue #19, item 1: **an effect finishes when its operation returns** (a `.task` after
/// returning its event, a `.run` or `.sequence` when its closure or sequence ends), before
/// the event it emitted is reduced; only a running effect can be cancelled.
@Suite struct EffectLifecycleRuleTests {
  enum Event: Hashable, Sendable { case load, loaded, first, second }

  /// The steps a monitor saw, as `kind` or `kind effect#id`.
  private static func steps(
    of system: System<Int, Event>, sending events: [Event] = [], advancingBy duration: Duration = .seconds(10)
  ) -> [String] {
    let scheduler = TestScheduler()
    let seen = Protected<[String]>([])
    let loop = Loop(system, scheduler: scheduler) { step in
      seen.withLock { seen in
        seen.append(step.effect.map { "\(step.kind) #\($0.index)" } ?? "\(step.kind)")
      }
    }
    scheduler.advance()
    for event in events { loop.send(event) }
    scheduler.advance(by: duration)
    loop.stop()
    scheduler.advance()
    return seen.withLock { $0 }
  }

  @Test func aTaskThatReturnedItsEventIsFinishedNotCancelled() {
    // The Movies trace's step 6: the event a `.task` returned makes a new state; the
    // feedback (cancelOnNewState) lets go of its effect, which had already returned.
    let system = System<Int, Event>(initial: 0) {
      Reducer { state, _ in state += 1 }
      Feedback("loader") { (state: Int) -> Effect<Event> in
        state == 0
          ? .task { clock in
            try await clock.sleep(for: .seconds(1))
            return .loaded
          } : .none
      }
    }
    #expect(
      Self.steps(of: system) == [
        "initial", "effectStarted #0", "effectEmitted #0", "effectFinished #0", "event", "stopped",
      ])
  }

  @Test func aRunFinishesWithItsLastEventWhenItsClosureReturns() {
    let system = System<Int, Event>(initial: 0) {
      Reducer { state, _ in state += 1 }
      Feedback("runner") { (state: Int) -> Effect<Event> in
        state == 0
          ? .run { send, clock in
            try await clock.sleep(for: .seconds(1))
            send(.loaded)
          } : .none
      }
    }
    #expect(
      Self.steps(of: system) == [
        "initial", "effectStarted #0", "effectEmitted #0", "effectFinished #0", "event", "stopped",
      ])
  }

  @Test func aSequenceFinishesWithItsLastElementWhenItEnds() {
    let (stream, continuation) = AsyncStream<Event>.makeStream()
    continuation.yield(.first)
    continuation.yield(.second)
    continuation.finish()
    let system = System<Int, Event>(initial: 0) {
      Reducer { state, _ in state += 1 }
      Feedback("stream") { (state: Int) -> Effect<Event> in state == 0 ? .sequence(stream) : .none }
        .strategy(.continueOnNewState)
    }
    #expect(
      Self.steps(of: system) == [
        "initial", "effectStarted #0", "effectEmitted #0", "event", "effectEmitted #0", "effectFinished #0", "event",
        "stopped",
      ])
  }

  @Test func aRunningEffectIsStillCancelledByANewState() {
    // The rule takes nothing from cancellation: an effect whose operation still runs when
    // its event makes a new state is cancelled.
    let system = System<Int, Event>(initial: 0) {
      Reducer { state, _ in state += 1 }
      Feedback("runner") { (state: Int) -> Effect<Event> in
        state == 0
          ? .run { send, clock in
            send(.loaded)
            try await clock.sleep(for: .seconds(1))
          } : .none
      }
    }
    #expect(
      Self.steps(of: system) == [
        "initial", "effectStarted #0", "effectEmitted #0", "event", "effectCancelled #0", "stopped",
      ])
  }

  @Test func theRecordersTimelineShowsTheTaskFinishedBeforeItsEvent() {
    let loop = LoopRecorder(light)
    loop.scheduler.advance(by: .seconds(30))
    loop.receive(.tick, from: "timer") { $0 = .green }
    #expect(
      loop.timeline == """
        #0   0s      initial    red
        #1   0s      started    timer effect #0
        #2   30s     emitted    timer effect #0: tick
        #3   30s     finished   timer effect #0
        #4   30s     event      tick from timer: red → green via red —tick→ green
        #5   30s     started    timer effect #1
        """)
    loop.skipInFlightEffects()
  }
}
