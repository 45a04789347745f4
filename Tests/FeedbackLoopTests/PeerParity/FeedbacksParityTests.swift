import Dispatch
import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// The behaviours CombineCommunity/Feedbacks pins in `Tests/FeedbacksTests/System/FeedbackTests.swift`,
/// `FeedbacksTests.swift` and its transitions tests, expressed in this API from the
/// behaviour (each test names the peer's test).
@Suite(.timeLimit(.minutes(3))) struct FeedbacksParityTests {
  enum Screen: Hashable, Sendable { case a(Int), b }
  enum Event: Hashable, Sendable { case go(Screen), a(Int), b, heard(Int) }

  static func system(_ feedbacks: [Feedback<Screen, Event>]) -> System<Screen, Event> {
    System(
      initial: .b, reduce: { state, event in if case .go(let screen) = event { state = screen } }, feedbacks: feedbacks)
  }

  static func events(_ loop: inout [Event], _ activity: LoopStep<Screen, Event>) {
    if case .reduced(let event, _, _, _, _) = activity { loop.append(event) }
  }

  // MARK: Feedbacks (the group)

  @Test func aGroupHoldsItsFeedbacksInOrder() {
    // FeedbacksTests.testInit_set_the_feedback_array and testBuildBlock_return_inputs_as_array
    let group = Feedbacks<Screen, Event> {
      Feedback("one") { (_: Screen) in Effect<Event>.none }
      Feedback("two") { (_: Screen) in Effect<Event>.none }
      Feedback("three") { (_: Screen) in Effect<Event>.none }
    }
    #expect(group.list.map(\.name) == ["one", "two", "three"])
  }

  @Test func aGroupsCallbacksSeeItsFeedbacksStatesAndEvents() {
    // FeedbacksTests.testOnStateReceived_call_the_perform and testOnEventEmitted_call_the_perform
    let states = Box<[Screen]>([]), emitted = Box<[Event]>([])
    let system = System<Screen, Event>(initial: .a(1)) {
      Reducer { state, _ in state = .b }
      Feedbacks {
        Feedback("answer") { (state: Screen) -> Effect<Event> in state == .a(1) ? .send(.a(1)) : .none }
      }
      .onStateReceived { state in states.update { $0.append(state) } }
      .onEventEmitted { event in emitted.update { $0.append(event) } }
    }
    let loop = Loop(system)
    #expect(states.current == [.a(1), .b])
    #expect(emitted.current == [.a(1)])
    loop.stop()
  }

  @Test func aGroupsQueueRunsOnlyTheFeedbacksThatChoseNone() async {
    // FeedbacksTests.testExecute_execute_all_sideEffects_on_expected_scheduler: A keeps its
    // own queue inside a group executed on B's (the innermost choice wins).
    let key = DispatchSpecificKey<String>()
    let queueA = QueueScheduler(label: "A"), queueB = QueueScheduler(label: "B")
    queueA.queue.setSpecific(key: key, value: "A")
    queueB.queue.setSpecific(key: key, value: "B")
    let ran = Box<[String: String]>([:])
    func noting(_ name: String) -> Feedback<Screen, Event> {
      Feedback.reacting(name) { _, event in
        guard event == nil else { return .none }
        return .run { _, _ in ran.update { $0[name] = DispatchQueue.getSpecific(key: key) ?? "elsewhere" } }
      }
    }
    let system = System<Screen, Event>(initial: .b) {
      Reducer { _, _ in }
      Feedbacks {
        noting("a").execute(on: queueA)
        noting("b")
      }
      .execute(on: queueB)
    }
    let loop = Loop(system)
    #expect(await eventually { ran.current.count == 2 })
    #expect(ran.current == ["a": "A", "b": "B"])
    loop.stop()
  }

  @Test func aFeedbackCanJoinAGroupAfterItsDeclaration() {
    // FeedbacksTests.testAdd_add_a_feedback: groups nest, so an "added" feedback is one more
    // element of an enclosing group.
    let ran = Box(false)
    let base = Feedbacks<Screen, Event> {}
    let system = System<Screen, Event>(initial: .b) {
      Reducer { _, _ in }
      Feedbacks {
        base
        Feedback("added") { (_: Screen) -> Effect<Event> in
          ran.update { $0 = true }
          return .none
        }
      }
    }
    let loop = Loop(system)
    #expect(ran.current)
    loop.stop()
  }

  // MARK: Feedback

  @Test func aTypedFeedbackRunsOnlyForItsCase() {
    // FeedbackTests.testInit_use_the_sideEffect_with_concreteState_and_apply_the_strategy
    let calls = Box(0)
    let feedback = Feedback<Screen, Event>.on("a only", .case("a")) { _ in
      calls.update { $0 += 1 }
      return .none
    }
    let loop = Loop(Self.system([feedback]))
    #expect(calls.current == 0)
    loop.send(.go(.a(1)))
    #expect(calls.current == 1)
    loop.send(.go(.b))
    #expect(calls.current == 1)
    loop.stop()
  }

  @Test func aFeedbacksEffectRunsOnTheQueueItExecutesOn() async {
    // FeedbackTests.testExecute_execute_sideEffect_on_expected_scheduler
    let key = DispatchSpecificKey<String>()
    let queue = QueueScheduler(label: "expected")
    queue.queue.setSpecific(key: key, value: "expected")
    let ranOn = Box<String?>(nil)
    let feedback = Feedback<Screen, Event>("where") { (_: Screen) -> Effect<Event> in
      .run { _, _ in ranOn.update { $0 = DispatchQueue.getSpecific(key: key) ?? "elsewhere" } }
    }
    .execute(on: queue)
    let loop = Loop(Self.system([feedback]))
    #expect(await eventually { ranOn.current != nil })
    #expect(ranOn.current == "expected")
    loop.stop()
  }

  @Test func disabledIsReadForEveryState() {
    // FeedbackTests.testDisable_dynamically_disable_sideEffect: the condition may read
    // something outside the state, and is asked again for each state.
    let isDisabled = Box(true), calls = Box(0)
    let feedback = Feedback<Screen, Event>("spy") { (_: Screen) -> Effect<Event> in
      calls.update { $0 += 1 }
      return .none
    }
    .disabled(when: { _ in isDisabled.current })
    let loop = Loop(Self.system([feedback]))
    loop.send(.go(.a(1)))
    #expect(calls.current == 0)
    isDisabled.update { $0 = false }
    loop.send(.go(.a(2)))
    #expect(calls.current == 1)
    loop.stop()
  }

  @Test func aFeedbacksCallbacksSeeItsStateAndEvent() {
    // FeedbackTests.testOnStateReceived_call_the_perform and testOnEventEmitted_call_the_perform
    let states = Box<[Screen]>([]), emitted = Box<[Event]>([])
    let feedback = Feedback<Screen, Event>("answer") { (state: Screen) -> Effect<Event> in
      state == .b ? .send(.go(.a(0))) : .none
    }
    .onStateReceived { state in states.update { $0.append(state) } }
    .onEventEmitted { event in emitted.update { $0.append(event) } }
    let loop = Loop(Self.system([feedback]))
    #expect(states.current == [.b, .a(0)])
    #expect(emitted.current == [.go(.a(0))])
    loop.stop()
  }

  /// For `.a`, `.a(1)` after 2 s; for `.b`, `.b` after 2 s; state `.a` at 1 s and `.b` at 2 s.
  static func timeline(_ strategy: ExecutionStrategy) -> [Event] {
    let scheduler = TestScheduler()
    let feedback = Feedback<Screen, Event>.reacting("delayed") { state, event in
      guard case .go = event else { return .none }
      return .run { send, clock in
        try await clock.sleep(for: .seconds(2))
        send(state == .b ? .b : .a(1))
      }
    }
    .strategy(strategy)
    let reduced = Box<[Event]>([])
    let loop = Loop(Self.system([feedback]), scheduler: scheduler) { activity in
      reduced.update { Self.events(&$0, activity) }
    }
    scheduler.schedule(after: .seconds(1)) { loop.send(.go(.a(1))) }
    scheduler.schedule(after: .seconds(2)) { loop.send(.go(.b)) }
    scheduler.advance(by: .seconds(10))
    loop.stop()
    return reduced.current.filter { if case .go = $0 { false } else { true } }
  }

  @Test func continueOnNewStateDeliversTheEarlierStatesEvent() {
    // FeedbackTests.testApply_produce_a_sideEffect_that_continues_when_a_new_state_occurs
    #expect(Self.timeline(.continueOnNewState) == [.a(1), .b])
  }

  @Test func cancelOnNewStateDiscardsTheEarlierStatesEvent() {
    // FeedbackTests.testApply_produce_a_sideEffect_that_cancels_when_a_new_state_occurs
    #expect(Self.timeline(.cancelOnNewState) == [.b])
  }

  // MARK: Mediators

  @Test func anAttachedFeedbackTurnsMatchingMediatorValuesIntoEvents() {
    // FeedbackTests.testAttach_catch_the_mediator_value_and_emit_the_expectedEvent (and its
    // closure variants): only the matching value becomes an event.
    let mediator = Mediator<Int>("passthrough")
    let emitted = Box<[Event]>([])
    let feedback = Feedback<Screen, Event>.attach(
      "listen", to: mediator, publish: { _ in nil }, receive: { $0 == 42 ? .heard($0) : nil }
    )
    .onEventEmitted { event in emitted.update { $0.append(event) } }
    let loop = Loop(Self.system([feedback]))
    mediator.publish(41)
    #expect(emitted.current.isEmpty)
    mediator.publish(42)
    #expect(emitted.current == [.heard(42)])
    mediator.publish(40)
    #expect(emitted.current == [.heard(42)])
    loop.stop()
  }

  @Test func anAttachedFeedbackPublishesForMatchingStatesIntoTheCurrentValue() {
    // FeedbackTests.testAttach_catch_the_feedbacks_state_and_emit_the_expectedMediatorValue
    // (and the state-type variants): a CurrentValueMediator's value, read from outside.
    let mediator = Mediator<Int>("current", initial: -1)
    let feedback = Feedback<Screen, Event>.attach(
      "publish", to: mediator, publish: { if case .a(let value) = $0 { value } else { nil } }, receive: { _ in nil })
    let loop = Loop(Self.system([feedback]))
    #expect(mediator.value == -1)
    loop.send(.go(.a(1701)))
    #expect(mediator.value == 1701)
    loop.send(.go(.b))
    #expect(mediator.value == 1701)
    loop.stop()
  }

  // MARK: Transitions

  @Test func theFirstOfTwoTransitionsForTheSameStateAndEventWins() {
    // TransitionsTests (a later declaration for the same state and event replaces the
    // earlier one there) — a deliberate difference (README, "Guarantees"): here the first
    // declared transition wins, so a table reads top-down like a switch, and the analysis
    // reports the second as a conflict.
    let system = System<Screen, Event>(initial: .b) {
      Transitions {
        Transition(from: .b, on: .b, to: .a(1))
        Transition(from: .b, on: .b, to: .a(2))
      }
    }
    let loop = Loop(system)
    loop.send(.b)
    #expect(loop.state == .a(1))
    loop.stop()
  }
}
