import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopTesting
import Testing

/// The doc comments' examples of `LoopRecorder` and `TestScheduler`, verbatim
/// (DocCommentMirrorCheckTests), run on the examples' systems.
@Suite(.timeLimit(.minutes(3))) struct RecorderDocCommentTests {
  // `LoopRecorder`: the type's worked test.
  @Test func lightCycles() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(TrafficLight.system, scheduler: scheduler)
    scheduler.advance(by: .seconds(30))
    loop.receive(.tick, from: "timer") { $0 = .green }
    loop.send(.emergency) { $0 = .red }
    scheduler.advance(by: .seconds(30))
    loop.receive(.tick) { $0 = .green }
    loop.skipInFlightEffects()  // the timer re-arms forever
  }

  // `TestScheduler`: the type's worked test.
  @Test func timerTicks() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(TrafficLight.system, scheduler: scheduler)
    scheduler.advance(by: .seconds(29))  // nothing yet
    scheduler.advance(by: .seconds(1))  // the timer fires at 30 s
    loop.receive(.tick, from: "timer") { $0 = .green }
    loop.skipInFlightEffects()
  }

  /// `LoopRecorder.init(_:initialState:…)`: the recording starts in the given state.
  @Test func aRecorderStartsInTheGivenState() {
    let validForm = SignIn.Form(email: "ada@example.com", password: "correct horse")

    // Start where the interesting part begins, without rebuilding the system:
    let loop = LoopRecorder(SignIn.system(), initialState: .editing(validForm))
    loop.send(.submit) { $0 = .submitting(validForm) }

    loop.skipInFlightEffects()
  }

  protocol VolumeState: Sendable {}
  struct Level: VolumeState, Hashable { var value: Int }
  struct Increase: Hashable, Sendable {}
  static let volume = System<any VolumeState, Increase>("Volume", initial: Level(value: 5)) {
    Transitions {
      Transition(from: .type(Level.self), on: Increase(), label: "value + 1") { state, _ in
        Level(value: (state as! Level).value + 1)
      }
    }
  }

  /// `LoopRecorder.init(_:comparingStates:…)` and `areEqualAsHashable`: protocol-typed
  /// states compared through `Hashable`.
  @Test func protocolTypedStatesAreComparedAsHashable() {
    let volume = Self.volume
    let scheduler = TestScheduler()

    let loop = LoopRecorder(volume, comparingStates: areEqualAsHashable, scheduler: scheduler)
    loop.send(Increase()) { $0 = Level(value: 6) }

    #expect((loop.state as? Level) == Level(value: 6))
    #expect(areEqualAsHashable(Level(value: 1) as any VolumeState, Level(value: 1) as any VolumeState))
    #expect(!areEqualAsHashable(Level(value: 1) as any VolumeState, Level(value: 2) as any VolumeState))
  }

  /// `LoopRecorder.expect`: the marble sequence of the traffic light.
  @Test func theMarblesWaitReceiveAndSend() {
    let loop = LoopRecorder(TrafficLight.system)

    loop.expect {
      Waiting(.seconds(30))
      Receiving(.tick, from: "timer") { $0 = .green }
      Sending(.emergency) { $0 = .red }
    }

    loop.skipInFlightEffects()
  }

  /// `LoopRecorder.receive(_:from:…)` with a pattern: an enum case, and an event type.
  @Test func patternsMatchACaseAndAType() {
    var firstPage = Movies.Context()
    firstPage.movies = [Movies.Movie(id: 1, title: "Movie 1"), Movies.Movie(id: 2, title: "Movie 2")]
    firstPage.page = 1
    firstPage.totalPages = 3
    let movies = LoopRecorder(Movies.system())
    movies.send(.fetchNext) { $0 = .paging(Movies.Context()) }
    movies.scheduler.advance(by: .milliseconds(500))
    let volume = LoopRecorder(Volume.system(initial: 10, target: 11))

    movies.receive(.case("didLoad"), from: "network") { $0 = .loadedPage(firstPage) }  // any page
    volume.receive(.type(Volume.Increase.self)) { $0.value = 11 }  // an event type
  }

  /// `LoopRecorder.receiveNothing(before:)`: nothing at 29.999 s, the tick at 30 s.
  @Test func nothingBeforeThirtySecondsThenTheTick() {
    let loop = LoopRecorder(TrafficLight.system)

    loop.receiveNothing(before: .seconds(30))  // not at 29.999 s…
    loop.receive(.tick, from: "timer", at: .seconds(30)) { $0 = .green }  // …but at 30 s

    loop.skipInFlightEffects()
  }

  /// `LoopTestFailure`: a state mismatch, matched in a known issue by its heading.
  @Test func aStateMismatchIsMatchedByItsHeading() {
    let loop = LoopRecorder(TrafficLight.system)

    withKnownIssue {
      loop.send(.emergency) { $0 = .green }
    } matching: { issue in
      (issue.error as? LoopTestFailure)?.heading.hasPrefix("State mismatch") == true
    }

    loop.skipInFlightEffects()
  }

  /// `UnimplementedLoopScheduler`: an effect executed on it fails the test, naming it.
  @Test func anEffectOnTheUnimplementedSchedulerFailsTheTest() {
    let track = Feedback<TrafficLight.Light, TrafficLight.Signal>("analytics") { _ in
      .run { _, _ in }
    }

    let never = UnimplementedLoopScheduler("analytics")
    let feedback = track.execute(on: never)  // any effect it starts fails the test

    let system = System<TrafficLight.Light, TrafficLight.Signal>("Tracked", initial: .red) { Feedbacks { feedback } }
    let messages = failureMessages { _ = Loop(system).state }
    #expect(messages.first?.hasPrefix("UnimplementedLoopScheduler \"analytics\": ") == true, "\(messages)")
  }
}
