import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// The behaviours babylonhealth/ReactiveFeedback pins in `ReactiveFeedbackTests/SystemTests.swift`,
/// expressed in this API from the behaviour (each test names the peer's test). Where the
/// two differ on purpose, the test pins this library's behaviour and says what the peer does.
@Suite struct ReactiveFeedbackParityTests {
  @Test func theInitialStateComesFirst() {
    // test_emits_initial
    let trail = StateTrail<String, String>()
    let loop = Loop(
      Suffixes.system(limit: 1, [Suffixes.immediate("a", limit: 1) { _ in "_a" }]), onStep: trail.monitor)
    #expect(trail.states.first == "initial")
    loop.stop()
  }

  @Test func oneImmediateFeedbackFeedsEveryState() {
    // test_reducer_with_one_feedback_loop
    let trail = StateTrail<String, String>()
    let loop = Loop(
      Suffixes.system(limit: 2, [Suffixes.immediate("a", limit: 2) { _ in "_a" }]), onStep: trail.monitor)
    #expect(trail.states == ["initial", "initial_a", "initial_a_a"])
    loop.stop()
  }

  @Test func twoImmediateFeedbacksAlternate() {
    // test_reduce_with_two_immediate_feedback_loops: "latest" semantics. Under the default
    // .cancelOnNewState, b's answer to "initial" is dropped once "initial_a" arrives (see
    // SynchronousEffectStrategyTests for the strategy that keeps it).
    #expect(
      Suffixes.twoImmediateFeedbacksTrail() == [
        "initial", "initial_a", "initial_a_b", "initial_a_b_a", "initial_a_b_a_b",
      ])
  }

  @Test func aDelayedEffectIsFollowedByImmediateOnes() {
    // test_reduce_with_async_feedback_loop: "_a" after 0.1 s, then "_b" and "_c" at once.
    let scheduler = TestScheduler()
    let loop = Loop(Suffixes.system([Suffixes.delayedThenImmediate()]), scheduler: scheduler)
    scheduler.advance(by: .milliseconds(99))
    #expect(loop.state == "initial")
    scheduler.advance(by: .milliseconds(1))
    #expect(loop.state == "initial_a_b_c")
    loop.stop()
  }

  @Test func anInputsEventWaitsForTheScheduler() {
    // test_should_observe_signals_immediately: the input is observed from the start, but
    // its event is reduced on the loop's scheduler.
    let scheduler = TestScheduler()
    let input = FeedbackInput<String>()
    let loop = Loop(Suffixes.system([Feedback.input("input", input)]), scheduler: scheduler)
    scheduler.advance()
    input.send("_a")
    #expect(loop.state == "initial")
    scheduler.advance()
    #expect(loop.state == "initial_a")
    loop.stop()
  }

  @Test func aScheduledLoopStartsItsFeedbacksOnTheScheduler() {
    // test_should_start_producers_immediately — a deliberate difference (README,
    // "Guarantees"): ReactiveFeedback starts the first effect when the system starts (one
    // start before the scheduler runs); here the first turn, feedbacks included, runs on
    // the scheduler, so nothing starts before it does.
    let scheduler = TestScheduler()
    let starts = Box(0)
    let feedback = Feedback<String, String>("a") { (state: String) -> Effect<String> in
      starts.update { $0 += 1 }
      return state == "initial" ? .send("_a") : .none
    }
    let loop = Loop(Suffixes.system([feedback]), scheduler: scheduler)
    #expect(starts.current == 0)
    #expect(loop.state == "initial")
    scheduler.advance()
    #expect(starts.current == 2)  // "initial", then "initial_a"
    #expect(loop.state == "initial_a")
    scheduler.advance()
    #expect(starts.current == 2)
    loop.stop()
  }

  @Test func aNewStateCancelsTheEffectStartedForTheLastOne() {
    // The "latest" flattening behind every ReactiveFeedback feedback (flatMap(.latest)):
    // an async effect still running when the next state arrives never delivers.
    let scheduler = TestScheduler()
    let input = FeedbackInput<String>()
    let slow = Feedback<String, String>("slow") { state, clock in
      guard state == "initial" else { return nil }
      try await clock.sleep(for: .seconds(1))
      return "_late"
    }
    let loop = Loop(Suffixes.system([Feedback.input("input", input), slow]), scheduler: scheduler)
    scheduler.advance()
    input.send("_now")
    scheduler.advance(by: .seconds(2))
    #expect(loop.state == "initial_now")
    loop.stop()
  }
}
