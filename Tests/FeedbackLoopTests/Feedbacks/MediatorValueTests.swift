import FeedbackLoop
import Testing

/// A mediator's current value, read and observed from outside any loop (Feedbacks'
/// `CurrentValueMediator` and `PassthroughMediator`).
@Suite(.timeLimit(.minutes(3))) struct MediatorValueTests {
  enum Screen: Hashable, Sendable { case signedOut, signedIn(Int), settings }
  enum Event: Hashable, Sendable { case go(Screen), heard(Int) }

  /// A system that publishes the user id when signed in, and notes what others publish.
  static func system(_ mediator: Mediator<Int>) -> System<Screen, Event> {
    System(
      initial: .signedOut,
      reduce: { state, event in if case .go(let screen) = event { state = screen } },
      feedbacks: [
        Feedback.attach(
          "session", to: mediator,
          publish: { state in if case .signedIn(let id) = state { id } else { nil } },
          receive: { .heard($0) })
      ])
  }

  @Test func aMediatorHasNoValueUntilSomethingIsPublished() {
    let mediator = Mediator<Int>("session")
    #expect(mediator.value == nil)
    mediator.publish(3)
    #expect(mediator.value == 3)
  }

  @Test func anAttachedSystemsPublicationsBecomeTheValue() {
    // Feedbacks' testAttach_catch_the_feedbacks_state_and_emit_the_expectedMediatorValue:
    // states that publish nothing leave the value alone.
    let mediator = Mediator<Int>("session", initial: -1)
    let loop = Loop(Self.system(mediator))
    #expect(mediator.value == -1)
    loop.send(.go(.signedIn(42)))
    #expect(mediator.value == 42)
    loop.send(.go(.settings))
    #expect(mediator.value == 42)
    loop.stop()
  }

  @Test func observersOutsideTheLoopSeeEveryPublicationUntilCancelled() {
    let mediator = Mediator<Int>("session", initial: 0)
    let seen = Box<[Int]>([])
    let observation = mediator.observe { value in seen.update { $0.append(value) } }
    let loop = Loop(Self.system(mediator))
    loop.send(.go(.signedIn(1)))
    mediator.publish(2)
    observation.cancel()
    mediator.publish(3)
    #expect(seen.current == [1, 2])  // not the initial 0: observe does not replay
    #expect(loop.state == .signedIn(1))
    loop.stop()
  }

  @Test func aPublicationFromOutsideReachesAttachedSystemsAndTheValue() {
    let mediator = Mediator<Int>("session")
    let heard = Box<[Event]>([])
    let loop = Loop(
      Self.system(mediator),
      onStep: { activity in
        if case .reduced(let event, _, _, _, _) = activity { heard.update { $0.append(event) } }
      })
    mediator.publish(7)
    #expect(heard.current == [.heard(7)])
    #expect(mediator.value == 7)
    loop.stop()
  }

  @Test func valuesStartWithTheCurrentValue() async {
    let mediator = Mediator<Int>("session", initial: 5)
    var iterator = mediator.values.makeAsyncIterator()
    #expect(await iterator.next() == 5)
    mediator.publish(6)
    #expect(await iterator.next() == 6)
  }
}
