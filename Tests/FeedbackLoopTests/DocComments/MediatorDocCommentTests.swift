import FeedbackLoop
import Testing

/// The doc comments' examples of `Mediator` and `System.attached(to:…)`, verbatim
/// (DocCommentMirrorCheckTests), run.
@Suite(.timeLimit(.minutes(3))) struct MediatorDocCommentTests {
  struct Account: Hashable, Sendable { var isSignedIn = false }
  enum AccountEvent: Hashable, Sendable { case signIn }
  enum MoviesEvent: Hashable, Sendable { case refresh }

  /// Signing in publishes `true`; the movies system receives it as `.refresh`.
  @Test func aValuePublishedByOneSystemIsAnEventOfTheOther() {
    let session = Mediator<Bool>("signed in")
    let signIn = System<Account, AccountEvent>("SignIn", initial: Account()) {
      Reducer { account, _ in account.isSignedIn = true }
      Feedbacks {
        Feedback.attach("session", to: session, publish: { $0.isSignedIn ? true : nil }, receive: { _ in nil })
      }
    }
    let movies = System<[String], MoviesEvent>("Movies", initial: []) {
      Reducer { titles, _ in titles = ["Alien"] }
      Feedbacks {
        Feedback.attach("session", to: session, publish: { _ in nil }, receive: { _ in .refresh })
      }
    }

    let moviesLoop = Loop(movies)
    let signInLoop = Loop(signIn)
    #expect(moviesLoop.state == [])
    signInLoop.send(.signIn)
    #expect(moviesLoop.state == ["Alien"])
    #expect(session.value == true)
    signInLoop.stop()
    moviesLoop.stop()
  }

  /// The value outside any loop: the initial one, then what is published.
  @Test func theValueIsReadAndObservedOutsideAnyLoop() {
    let seen = Mediator<Bool>("seen", initial: false)

    let session = Mediator<Bool>("signed in", initial: false)
    let observation = session.observe { signedIn in print("signed in:", signedIn) }
    let signedIn = session.value  // false until a system publishes

    #expect(signedIn == false)
    let follower = session.observe { seen.publish($0) }
    session.publish(true)
    #expect(session.value == true)
    #expect(seen.value == true)
    observation.cancel()
    follower.cancel()
  }

  /// `System.attached(to:…)`: the knob's level reaches the meter as `.show(level)`.
  @Test func attachedSystemsShareALevel() {
    enum Knob: Hashable, Sendable { case up }
    enum Meter: Hashable, Sendable { case show(Int) }
    let volume = System<Int, Knob>("Volume", initial: 0) { Reducer { level, _ in level += 1 } }
    let display = System<Int, Meter>("Display", initial: 0) {
      Reducer { shown, event in if case .show(let level) = event { shown = level } }
    }

    let level = Mediator<Int>("level")
    let knob = volume.attached(to: level, publish: { $0 }, receive: { _ in nil })
    let meter = display.attached(to: level, emits: [.show(0)], publish: { _ in nil }, receive: { .show($0) })

    let meterLoop = Loop(meter)
    let knobLoop = Loop(knob)
    knobLoop.send(.up)
    knobLoop.send(.up)
    #expect(meterLoop.state == 2)
    knobLoop.stop()
    meterLoop.stop()
  }
}
