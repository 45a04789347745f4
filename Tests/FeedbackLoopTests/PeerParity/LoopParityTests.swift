import Dispatch
import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// The behaviours ReactiveCocoa/Loop pins in `LoopTests/FeedbackLoopSystemTests.swift`
/// and `LoopTests/FeedbackVariantTests.swift`, expressed in this API from the behaviour
/// (each test names the peer's test).
@Suite(.timeLimit(.minutes(3))) struct LoopParityTests {
  enum Count: Hashable, Sendable { case increment }

  @Test func theInitialStateComesFirst() {
    // FeedbackLoopSystemTests.test_emits_initial
    let trail = StateTrail<String, String>()
    let loop = Loop(
      Suffixes.system(limit: 1, [Suffixes.immediate("a", limit: 1) { _ in "_a" }]), onStep: trail.monitor)
    #expect(trail.states == ["initial", "initial_a"])
    loop.stop()
  }

  @Test func oneFeedbackStartsForEveryState() {
    // test_reducer_with_one_feedback_loop and test_should_start_producers_immediately:
    // on the immediate scheduler the loop starts at creation, one start per state.
    let starts = Box(0)
    let feedback = Feedback<String, String>("a") { (state: String) -> Effect<String> in
      starts.update { $0 += 1 }
      return Suffixes.count(state) < 2 ? .send("_a") : .none
    }
    let trail = StateTrail<String, String>()
    let loop = Loop(Suffixes.system([feedback]), onStep: trail.monitor)
    #expect(trail.states == ["initial", "initial_a", "initial_a_a"])
    #expect(starts.current == 3)
    loop.stop()
  }

  @Test func twoImmediateFeedbacksAlternate() {
    // test_reduce_with_two_immediate_feedback_loops (same "latest" sequence as ReactiveFeedback).
    #expect(
      Suffixes.twoImmediateFeedbacksTrail() == [
        "initial", "initial_a", "initial_a_b", "initial_a_b_a", "initial_a_b_a_b",
      ])
  }

  @Test func aDelayedEffectIsFollowedByImmediateOnes() {
    // test_reduce_with_async_feedback_loop
    let scheduler = TestScheduler()
    let trail = StateTrail<String, String>()
    let loop = Loop(Suffixes.system([Suffixes.delayedThenImmediate()]), scheduler: scheduler, onStep: trail.monitor)
    scheduler.advance(by: .milliseconds(100))
    #expect(trail.states == ["initial", "initial_a", "initial_a_b", "initial_a_b_c"])
    loop.stop()
  }

  @Test func anInputsEventIsReducedAtOnce() {
    // test_should_observe_signals_immediately (Loop has no scheduler: the immediate one).
    let input = FeedbackInput<String>()
    let loop = Loop(Suffixes.system([Feedback.input("input", input)]))
    #expect(loop.state == "initial")
    input.send("_a")
    #expect(loop.state == "initial_a")
    loop.stop()
  }

  @Test func aLoopCreatedOnAQueueDeliversItsFirstEvent() async {
    // test_should_not_miss_delivery_to_reducer_when_started_asynchronously
    let trail = StateTrail<String, String>()
    let loop = Loop(
      Suffixes.system([Suffixes.immediate("once") { $0 == "initial" ? "_event" : nil }]),
      scheduler: QueueScheduler(label: "creation"), onStep: trail.monitor)
    #expect(await eventually { loop.state == "initial_event" })
    #expect(trail.states == ["initial", "initial_event"])
    loop.stop()
  }

  @Test func aPredicateStopsAFeedbackOnceFalse() {
    // test_predicate_prevents_state_updates: increments arrive only while the state is
    // below 2. Here the feedback asks for the increments itself while its predicate holds.
    let starts = Box(0)
    let feedback = Feedback<Int, Count>.when("increment", { $0 < 2 }) { _ in
      starts.update { $0 += 1 }
      return .send(.increment)
    }
    let trail = StateTrail<Int, Count>()
    let loop = Loop(
      System(initial: 0, reduce: { state, _ in state += 1 }, feedbacks: [feedback]), onStep: trail.monitor)
    #expect(trail.states == [0, 1, 2])
    #expect(starts.current == 2)
    loop.stop()
  }

  @Test func inputEventsAreReducedInTheOrderSent() {
    // test_events_are_produced_in_correct_order and
    // test_external_source_events_are_not_cancelled_when_source_completes (their order part).
    let input = FeedbackInput<Int>()
    let events = Box<[Int]>([])
    let trail = StateTrail<Int, Int>()
    let loop = Loop(
      System(
        initial: 0,
        reduce: { state, event in
          events.update { $0.append(event) }
          state += event
        }, feedbacks: [Feedback.input("input", input)]), onStep: trail.monitor)
    for event in 1...3 { input.send(event) }
    #expect(trail.states == [0, 1, 3, 6])
    #expect(events.current == [1, 2, 3])
    loop.stop()
  }

  @Test func aFeedbackSeesEachStateWithTheEventThatMadeIt() {
    // test_events_of_feedback_emitted_in_correct_order: (0, nil), (1, 1), (3, 2), (6, 3).
    let input = FeedbackInput<Int>()
    let seen = Box<[String]>([])
    let watcher = Feedback<Int, Int>.reacting("watch") { state, event in
      seen.update { $0.append("\(state) \(event.map(String.init) ?? "nil")") }
      return .none
    }
    let loop = Loop(System(initial: 0, reduce: { $0 += $1 }, feedbacks: [Feedback.input("input", input), watcher]))
    for event in 1...3 { input.send(event) }
    #expect(seen.current == ["0 nil", "1 1", "3 2", "6 3"])
    loop.stop()
  }

  @Test func anEffectOnAValueSendsWithoutDeadlock() {
    // test_should_not_deadlock_when_feedback_effect_starts_loop_producer_synchronously:
    // the effect for "state is 1" answers 1000 at once, during the turn that reduced 1.
    let feedback = Feedback<Int, Int>.skippingRepeated("thousand", { $0 == 1 ? true : nil }) { _ in .send(1000) }
    let trail = StateTrail<Int, Int>()
    let loop = Loop(System(initial: 0, reduce: { $0 += $1 }, feedbacks: [feedback]), onStep: trail.monitor)
    loop.send(1)
    #expect(trail.states == [0, 1, 1001])
    loop.stop()
  }

  @Test func anEventSentWhileObservingAStateIsProcessed() {
    // test_should_process_events_enqueued_during_starting_loop_producer
    let loop = Loop(System<Int, Int>(initial: 0, reduce: { $0 += $1 }))
    let sent = Box(false)
    let observation = loop.observe { [weak loop] _ in
      guard !sent.current else { return }
      sent.update { $0 = true }
      loop?.send(1000)
    }
    loop.send(1)
    #expect(loop.state == 1001)
    observation.cancel()
    loop.stop()
  }

  @Test func whenBecomesTrueFiresOnEachRisingEdge() {
    // FeedbackVariantTests.test_whenBecomesTrue_positive_edge
    let received = Box<[String]>([])
    let feedback = Feedback<String, String>.whenBecomesTrue("edge", { $0.hasSuffix("_") }) { state in
      received.update { $0.append(state) }
      return .send("feedback_")
    }
    let loop = Loop(System(initial: "", reduce: { $0 += $1 }, feedbacks: [feedback]))
    loop.send("hello")
    #expect(received.current.isEmpty)
    loop.send("_")
    #expect(loop.state == "hello_feedback_")
    loop.send("_")  // still true: no new edge
    #expect(loop.state == "hello_feedback__")
    loop.send("world")  // falling edge
    loop.send("_")
    #expect(loop.state == "hello_feedback__world_feedback_")
    #expect(received.current == ["hello_", "hello_feedback__world_"])
    loop.stop()
  }

  @Test func whenBecomesTrueStartsInTheInitialStateAndCancelsOnTheFallingEdge() {
    // test_whenBecomesTrue_shouldFireEffectWhenInitialStateSatisfiesThePredicate and
    // test_whenBecomesTrue_negative_edge
    let log = ActivityLog<String, String>()
    let feedback = Feedback<String, String>.whenBecomesTrue("edge", { $0.hasPrefix("hello") }) { _ in
      .run { _, clock in try await clock.sleep(for: .seconds(3600)) }
    }
    let loop = Loop(System(initial: "hello", reduce: { $0 = $1 }, feedbacks: [feedback]), onStep: log.monitor)
    loop.send("hello again")
    #expect(log.lines("started") == ["started edge 0"])
    #expect(log.lines("cancelled").isEmpty)
    loop.send("")
    #expect(log.lines("cancelled") == ["cancelled edge 0"])
    loop.stop()
  }

  @Test func firstValueAfterNilFiresAfterEachNil() {
    // test_firstValueAfterNil_positive_edge
    let received = Box<[String]>([])
    let feedback = Feedback<String, String>.firstValueAfterNil("first", { $0.hasPrefix("hello") ? $0 : nil }) { value in
      received.update { $0.append(value) }
      return .send(value + value)
    }
    let loop = Loop(System(initial: "", reduce: { $0 = $1 }, feedbacks: [feedback]))
    loop.send("hello#")
    #expect(loop.state == "hello#hello#")
    loop.send("hello_world")
    #expect(loop.state == "hello_world")
    loop.send("goodbye")
    loop.send("hello_it_is_me#")
    #expect(loop.state == "hello_it_is_me#hello_it_is_me#")
    #expect(received.current == ["hello#", "hello_it_is_me#"])
    loop.stop()
  }

  @Test func firstValueAfterNilStartsInTheInitialStateAndCancelsOnNil() {
    // test_firstValueAfterNil_shouldFireEffectWhenInitialStateGivesNonNilTransformOutput
    // and test_firstValueAfterNil_negative_edge
    let log = ActivityLog<String, String>()
    let feedback = Feedback<String, String>.firstValueAfterNil("first", { $0.hasPrefix("hello") ? $0 : nil }) { _ in
      .run { _, clock in try await clock.sleep(for: .seconds(3600)) }
    }
    let loop = Loop(System(initial: "hello", reduce: { $0 = $1 }, feedbacks: [feedback]), onStep: log.monitor)
    loop.send("hello2")
    loop.send("hello3")
    #expect(log.lines("started") == ["started first 0"])
    #expect(log.lines("cancelled").isEmpty)
    loop.send("world")
    #expect(log.lines("cancelled") == ["cancelled first 0"])
    loop.stop()
  }
}
