#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import FeedbackLoop
import FeedbackLoopCombine
import FeedbackLoopTesting
import Synchronization
import Testing

/// Feedbacks' shape, `Feedback(strategy:) { (state: S) -> AnyPublisher<Event, Never> }`,
/// on a system whose states are types.
@Suite struct PublisherFeedbackTests {
  protocol Phase: Sendable {}
  struct Loading: Phase { var attempt: Int }
  struct Loaded: Phase {}
  enum Event: Hashable, Sendable { case loaded, reload }

  static let system = System<any Phase, Event>(initial: Loading(attempt: 1)) {
    Reducer { state, event in
      switch event {
      case .loaded: state = Loaded()
      case .reload: state = Loading(attempt: 2)
      }
    }
    Feedback("load", emitting: ["loaded"]) { (state: Loading) in
      Just(Event.loaded)
    }
  }

  @Test func aTypedFeedbackSeesOnlyTheStatesOfItsType() {
    let scheduler = TestScheduler()
    let events = Mutex<[Event]>([])
    let loop = Loop(
      Self.system, scheduler: scheduler,
      onStep: { activity in
        if case .reduced(let event, _, _, _, _) = activity { events.withLock { $0.append(event) } }
      })
    scheduler.advance()
    #expect(loop.state is Loaded)
    #expect(events.withLock { $0 } == [.loaded])  // a Loaded state starts nothing
    loop.send(.reload)
    scheduler.advance()
    #expect(events.withLock { $0 } == [.loaded, .reload, .loaded])
    loop.stop()
  }

  @Test func itIsDrawnAsWatchingItsType() {
    let feedback = Self.system.feedbacks[0]
    #expect(feedback.watches == "state is Loading")
    #expect(feedback.emits == ["loaded"])
    #expect(feedback.executionStrategy == .cancelOnNewState)
  }

  @Test func aGroupsStrategyReachesAPublisherFeedbackThatChoseNone() {
    // Outer modifiers never undo inner ones: a strategy given here is kept, none given
    // leaves the choice to the group.
    let group = Feedbacks<any Phase, Event> {
      Feedback("unchosen", emitting: ["loaded"]) { (_: Loading) in Just(Event.loaded) }
      Feedback("chosen", strategy: .cancelOnNewState, emitting: ["loaded"]) { (_: Loading) in Just(Event.loaded) }
    }
    .strategy(.continueOnNewState)
    #expect(group.list.map(\.executionStrategy) == [.continueOnNewState, .cancelOnNewState])
    let alone = Feedback<any Phase, Event>("alone", emitting: ["loaded"]) { (_: Loading) in Just(Event.loaded) }
    #expect(alone.executionStrategy == .cancelOnNewState)  // the default, when nobody chose
  }
}

/// A publisher feedback typed on a type no state of the system can be never runs: the test
/// kit says so when a recorder starts the system.
@Suite struct MisdeclaredPublisherFeedbackTests {
  enum Light: Hashable, Sendable { case red, green }
  struct Volume: Hashable, Sendable { var level: Int }

  static let light = System<Light, Light>("Light", initial: .red) {
    Reducer { state, event in state = event }
    Feedbacks {
      Feedback("never", emits: [.green]) { (_: Volume) in Just(Light.green) }
    }
  }

  @Test func aFeedbackTypedOnAnotherTypeIsReported() {
    let messages = Mutex<[String]>([])
    withKnownIssue {
      _ = LoopRecorder(Self.light)
    } matching: { issue in
      let heading = (issue.error as? LoopTestFailure)?.heading ?? ""
      let details = issue.comments.map(\.rawValue).joined(separator: "\n")
      messages.withLock { $0.append(heading + "\n\n" + details) }
      return true
    }
    let reported = messages.withLock { $0 }
    #expect(
      reported.first?.hasPrefix(
        #"In Light, feedback "never" is typed on Volume, but the system's states are Light: it would never run; type its closure on Light."#
      )
        == true, "\(reported)")
    #expect(
      reported.first?.contains("To fix: give the feedback's closure a parameter of the system's state type") == true)
  }

  @Test func aFeedbackTypedOnTheStateOrOneOfItsTypesIsNot() {
    #expect(Self.light.feedbacks.first?.watches == "state is Volume")
    let fine = System<Light, Light>("Light", initial: .red) {
      Reducer { state, event in state = event }
      Feedbacks {
        Feedback("always", emits: [.green]) { (light: Light) in
          light == .red ? Just(.green).eraseToAnyPublisher() : Empty().eraseToAnyPublisher()
        }
      }
    }
    let loop = LoopRecorder(fine)
    loop.receive(.green, from: "always") { $0 = .green }
  }
}
