import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// The behaviours sergdort/CombineFeedback pins in `Tests/CombineFeedbackTests/CombineFeedbackTests.swift`
/// and `SynchronousSideEffectTests.swift`, expressed in this API from the behaviour (each
/// test names the peer's test).
@Suite(.timeLimit(.minutes(3))) struct CombineFeedbackParityTests {
  @Test func aSystemWithoutFeedbacksShowsItsInitialState() {
    // CombineFeedbackTests.test_emits_initial
    let trail = StateTrail<String, String>()
    let loop = Loop(Suffixes.system([]), onStep: trail.monitor)
    #expect(trail.states == ["initial"])
    loop.stop()
  }

  @Test func oneFeedbackAnswersEveryState() {
    // test_reducer_with_one_feedback_loop (four states)
    let trail = StateTrail<String, String>()
    let loop = Loop(
      Suffixes.system(limit: 3, [Suffixes.immediate("a", limit: 3) { _ in "_a" }]), onStep: trail.monitor)
    #expect(trail.states == ["initial", "initial_a", "initial_a_a", "initial_a_a_a"])
    loop.stop()
  }

  @Test func twoAlwaysAnsweringFeedbacksAlternateWhenEveryAnswerIsKept() {
    // test_reduce_with_two_immediate_feedback_loops: CombineFeedback reduces every answer a
    // feedback gave, even for a state that is no longer current — .continueOnNewState here.
    // (Under the default .cancelOnNewState only "_a" would arrive: see
    // SynchronousEffectStrategyTests.)
    let trail = StateTrail<String, String>()
    let loop = Loop(
      Suffixes.system(
        limit: 5,
        [
          Suffixes.immediate("a", limit: 5) { _ in "_a" }.strategy(.continueOnNewState),
          Suffixes.immediate("b", limit: 5) { _ in "_b" }.strategy(.continueOnNewState),
        ]), onStep: trail.monitor)
    #expect(
      trail.distinct == [
        "initial", "initial_a", "initial_a_b", "initial_a_b_a", "initial_a_b_a_b", "initial_a_b_a_b_a",
      ])
    loop.stop()
  }

  @Test func anInputsEventIsReducedAtOnce() {
    // test_should_observe_signals_immediately
    let input = FeedbackInput<String>()
    let trail = StateTrail<String, String>()
    let loop = Loop(Suffixes.system([Feedback.input("input", input)]), onStep: trail.monitor)
    #expect(trail.states == ["initial"])
    input.send("_a")
    #expect(trail.states == ["initial", "initial_a"])
    loop.stop()
  }

  @Test func stoppingTheLoopIgnoresLaterInput() {
    // test_cancelation and SynchronousSideEffectTests.cancellationPreventsLaterInvocations
    let input = FeedbackInput<String>()
    let calls = Box(0)
    let watcher = Feedback<String, String>.reacting("watch") { _, event in
      if event != nil { calls.update { $0 += 1 } }
      return .none
    }
    let trail = StateTrail<String, String>()
    let loop = Loop(Suffixes.system([Feedback.input("input", input), watcher]), onStep: trail.monitor)
    input.send("_a")
    input.send("_b")
    loop.stop()
    input.send("_c")
    #expect(trail.states == ["initial", "initial_a", "initial_a_b"])
    #expect(calls.current == 2)
    #expect(loop.state == "initial_a_b")
  }

  @Test func aFeedbackSeesTheReducedStateBeforeSendReturns() {
    // SynchronousSideEffectTests.receivesPostReductionStateInOrderBeforeSequentialSendReturns:
    // on the immediate scheduler, send returns after the feedbacks saw the new state.
    let calls = Box<[String]>([])
    let watcher = Feedback<[Int], Int>.reacting("watch") { state, event in
      if let event { calls.update { $0.append("\(state) after \(event)") } }
      return .none
    }
    let loop = Loop(System(initial: [], reduce: { $0.append($1) }, feedbacks: [watcher]))
    loop.send(1)
    #expect(calls.current == ["[1] after 1"])
    #expect(loop.state == [1])
    loop.send(2)
    #expect(calls.current == ["[1] after 1", "[1, 2] after 2"])
    loop.stop()
  }

  @Test func aSendFromInsideAFeedbackIsQueuedUntilItReturns() {
    // SynchronousSideEffectTests.reentrantSendIsQueuedUntilCurrentEffectReturns
    let trace = Box<[String]>([])
    let target = Box<Loop<[Int], Int>?>(nil)
    let watcher = Feedback<[Int], Int>.reacting("watch") { state, event in
      guard let event else { return .none }
      trace.update { $0.append("begin \(event)") }
      if event == 1 {
        target.current?.send(2)
        trace.update { $0.append("nested send returned in \(state)") }
      }
      trace.update { $0.append("end \(event)") }
      return .none
    }
    let loop = Loop(System(initial: [], reduce: { $0.append($1) }, feedbacks: [watcher]))
    target.update { $0 = loop }
    loop.send(1)
    #expect(trace.current == ["begin 1", "nested send returned in [1]", "end 1", "begin 2", "end 2"])
    #expect(loop.state == [1, 2])
    target.update { $0 = nil }
    loop.stop()
  }

  @Test func anAsyncEffectSeesTheStateAndEventThatStartedIt() async {
    // SynchronousSideEffectTests.unlabeledAsyncInitializerStillRuns
    let scheduler = TestScheduler()
    let calls = Box<[String]>([])
    let effect = Feedback<[Int], Int>.reacting("async") { state, event in
      guard let event else { return .none }
      return .run { _, _ in calls.update { $0.append("\(state) after \(event)") } }
    }
    let loop = Loop(System(initial: [], reduce: { $0.append($1) }, feedbacks: [effect]), scheduler: scheduler)
    loop.send(1)
    #expect(calls.current.isEmpty)
    scheduler.advance()
    #expect(calls.current == ["[1] after 1"])
    loop.stop()
  }
}
