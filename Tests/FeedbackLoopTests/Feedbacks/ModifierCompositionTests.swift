import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// The one rule of modifiers (see "How modifiers compose" on `Feedback`): an outer
/// modifier never undoes an inner one. Settings keep the innermost choice; conditions and
/// callbacks add up, the innermost first. Checked for every modifier, on a feedback, on a
/// group, and on nested groups.
@Suite struct ModifierCompositionTests {
  enum Event: Hashable, Sendable { case set(Int), done(Int) }

  static func reduce(_ state: inout Int, _ event: Event) {
    if case .set(let value) = event { state = value }
  }

  /// For each `set`, an async effect that counts its runs in `ran` and emits `done`.
  static func counting(_ name: String, _ ran: Box<Int>) -> Feedback<Int, Event> {
    Feedback.reacting(name) { state, event in
      guard case .set = event else { return .none }
      return .run { send, _ in
        ran.update { $0 += 1 }
        send(.done(state))
      }
    }
  }

  // MARK: execute(on:) — innermost wins

  @Test func executeOnTwiceRunsOnTheInnerScheduler() {
    let inner = TestScheduler(), outer = TestScheduler(), ran = Box(0)
    let feedback = Self.counting("fx", ran).execute(on: inner).execute(on: outer)
    let loop = Loop(System(initial: 0, reduce: Self.reduce, feedbacks: [feedback]))
    loop.send(.set(1))
    outer.run()
    #expect(ran.current == 0)
    inner.run()
    #expect(ran.current == 1)
    loop.stop()
  }

  @Test func aGroupsExecuteOnDoesNotOverrideTheFeedbacksOwn() {
    let own = TestScheduler(), group = TestScheduler()
    let ranOwn = Box(0), ranOther = Box(0)
    let system = System<Int, Event>(initial: 0) {
      Reducer(Self.reduce)
      Feedbacks {
        Self.counting("own", ranOwn).execute(on: own)
        Self.counting("other", ranOther)
      }
      .execute(on: group)
    }
    let loop = Loop(system)
    loop.send(.set(1))
    group.run()
    #expect(ranOwn.current == 0)  // the group's scheduler did not take over "own"
    #expect(ranOther.current == 1)  // and reached the feedback that chose none
    own.run()
    #expect(ranOwn.current == 1)
    loop.stop()
  }

  @Test func nestedGroupsKeepTheInnerGroupsScheduler() {
    let inner = TestScheduler(), outer = TestScheduler(), ran = Box(0)
    let system = System<Int, Event>(initial: 0) {
      Reducer(Self.reduce)
      Feedbacks {
        Feedbacks { Self.counting("fx", ran) }.execute(on: inner)
      }
      .execute(on: outer)
    }
    let loop = Loop(system)
    loop.send(.set(1))
    outer.run()
    #expect(ran.current == 0)
    inner.run()
    #expect(ran.current == 1)
    loop.stop()
  }

  // MARK: strategy — innermost wins

  @Test func strategyTwiceKeepsTheInnerStrategy() {
    let feedback = Self.counting("fx", Box(0))
    #expect(feedback.strategy(.continueOnNewState).strategy(.cancelOnNewState).executionStrategy == .continueOnNewState)
    #expect(feedback.strategy(.cancelOnNewState).strategy(.continueOnNewState).executionStrategy == .cancelOnNewState)
    #expect(feedback.executionStrategy == .cancelOnNewState)  // the default, when none chose
  }

  @Test func aGroupsStrategyReachesOnlyFeedbacksThatChoseNone() {
    let group = Feedbacks<Int, Event> {
      Self.counting("own", Box(0)).strategy(.cancelOnNewState)
      Self.counting("other", Box(0))
      Feedbacks { Self.counting("nested", Box(0)) }.strategy(.cancelOnNewState)
    }
    .strategy(.continueOnNewState)
    #expect(group.list.map(\.executionStrategy) == [.cancelOnNewState, .continueOnNewState, .cancelOnNewState])
  }

  @Test func aGroupsStrategyDecidesWhatTheLoopCancels() {
    // The inner `.continueOnNewState` must survive the group's `.cancelOnNewState`: the
    // effect started for state 1 still delivers after state 2 arrived.
    let effects = TestScheduler()
    let system = System<[Int], Event>(initial: []) {
      Reducer { state, event in
        if case .done(let value) = event {
          state.append(value)
        } else if case .set(let value) = event {
          state.append(-value)
        }
      }
      Feedbacks {
        Feedback.reacting("slow") { _, event in
          guard case .set(let value) = event else { return .none }
          return .run { send, clock in
            try await clock.sleep(for: .seconds(1))
            send(.done(value))
          }
        }
        .strategy(.continueOnNewState)
      }
      .strategy(.cancelOnNewState)
      .execute(on: effects)
    }
    let loop = Loop(system)
    loop.send(.set(1))
    loop.send(.set(2))
    effects.advance(by: .seconds(1))
    #expect(loop.state == [-1, -2, 1, 2])
    loop.stop()
  }

  // MARK: conditions and callbacks — they add up, innermost first

  @Test func disabledConditionsAddUpAcrossFeedbackAndGroup() {
    let seen = Box<[Int]>([])
    let system = System<Int, Event>(initial: 0) {
      Reducer(Self.reduce)
      Feedbacks {
        Feedback("watch") { (state: Int) -> Effect<Event> in
          seen.update { $0.append(state) }
          return .none
        }
        .disabled(when: { $0 == 1 })
      }
      .disabled(when: { $0 == 2 })
    }
    let loop = Loop(system)
    for value in 1...3 { loop.send(.set(value)) }
    #expect(seen.current == [0, 3])
  }

  @Test func onStateReceivedCallbacksAllRunInnermostFirst() {
    let calls = Box<[String]>([])
    let system = System<Int, Event>(initial: 0) {
      Reducer(Self.reduce)
      Feedbacks {
        Feedbacks {
          Feedback("watch") { (_: Int) in Effect<Event>.none }
            .onStateReceived { state in calls.update { $0.append("feedback \(state)") } }
        }
        .onStateReceived { state in calls.update { $0.append("inner group \(state)") } }
      }
      .onStateReceived { state in calls.update { $0.append("outer group \(state)") } }
    }
    _ = Loop(system)
    #expect(calls.current == ["feedback 0", "inner group 0", "outer group 0"])
  }

  @Test func onEventEmittedCallbacksAllRunInnermostFirst() {
    let calls = Box<[String]>([])
    let system = System<Int, Event>(initial: 0) {
      Reducer(Self.reduce)
      Feedbacks {
        Feedback.reacting("echo") { state, event in
          if case .set = event { return .send(.done(state)) }
          return .none
        }
        .onEventEmitted { event in calls.update { $0.append("feedback \(event)") } }
      }
      .onEventEmitted { event in calls.update { $0.append("group \(event)") } }
    }
    let loop = Loop(system)
    loop.send(.set(4))
    #expect(calls.current == ["feedback done(4)", "group done(4)"])
  }

  // MARK: descriptions — the last one applied is drawn

  @Test func watchingAndEmittingDescribeWithTheLastOneApplied() {
    let feedback = Self.counting("fx", Box(0)).watching("a").watching("b").emitting(["x"]).emitting(["y"])
    #expect(feedback.watches == "b")
    #expect(feedback.emits == ["y"])
  }
}
