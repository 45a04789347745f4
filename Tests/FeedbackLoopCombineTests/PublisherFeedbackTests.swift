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
      monitor: { activity in
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
