#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import FeedbackLoop
import FeedbackLoopCombine
import FeedbackLoopObservation
import FeedbackLoopTesting
import Testing

/// Seed 004 (CombineFeedback): its counter (a `Store` the view sends to), its infinite list
/// (`Feedback(lensing:)` answering with a publisher), its sign-in form (`ViewContext`
/// bindings) and its traffic light.
@Suite struct CombineFeedbackTests {
  // MARK: Counter

  struct CounterState: Hashable, Sendable { var count = 0 }
  enum CounterEvent: Hashable, Sendable { case increment, decrement }

  static let counter = System<CounterState, CounterEvent>("Counter", initial: CounterState()) {
    Reducer { state, event in
      switch event {
      case .increment: state.count += 1
      case .decrement: state.count -= 1
      }
    }
  }

  @Test func theCounterStoreCounts() throws {
    let loop = LoopRecorder(Self.counter)
    loop.send(.increment) { $0.count = 1 }
    loop.send(.increment) { $0.count = 2 }
    loop.send(.decrement) { $0.count = 1 }

    // The view's side: `Button(action: { store.send(event: .increment) })`.
    let store = LoopModel(Self.counter)
    store.action(.increment)()
    #expect(store.count == 1)

    let drawing = try Drawing(Self.counter)
    #expect(drawing.loop.contains("<font face=\"Helvetica-Bold\">Reducer</font>"))
  }

  // MARK: Infinite list

  struct Results: Hashable, Sendable {
    var page: Int
    var titles: [String]
  }

  enum Status: Hashable, Sendable { case idle, loading, failed(String) }

  struct MoviesState: Hashable, Sendable {
    var batch = Results(page: 0, titles: [])
    var movies: [String] = []
    var status = Status.idle

    var nextPage: Int? { status == .loading ? batch.page + 1 : nil }
  }

  enum MoviesEvent: Hashable, Sendable {
    case didLoad(Results)
    case didFail(String)
    case retry
    case fetchNext
  }

  struct Offline: Error {}

  static func reducer(state: inout MoviesState, event: MoviesEvent) {
    switch event {
    case .didLoad(let batch):
      state.movies += batch.titles
      state.status = .idle
      state.batch = batch
    case .didFail(let error):
      state.status = .failed(error)
    case .retry:
      state.status = .loading
    case .fetchNext:
      state.status = .loading
    }
  }

  /// `URLSession.shared.fetchMovies(page:)`: 200 ms on the scheduler; `failing` pages fail.
  static func fetchMovies(page: Int, failing: Set<Int>, _ scheduler: LoopCombineScheduler) -> AnyPublisher<
    Results, Offline
  > {
    let result: AnyPublisher<Results, Offline> =
      failing.contains(page)
      ? Fail(error: Offline()).eraseToAnyPublisher()
      : Just(Results(page: page, titles: ["movie \(page)a", "movie \(page)b"])).setFailureType(to: Offline.self)
        .eraseToAnyPublisher()
    return result.delay(for: .milliseconds(200), scheduler: scheduler).eraseToAnyPublisher()
  }

  static func movies(_ scheduler: LoopCombineScheduler, failing: Set<Int>) -> System<MoviesState, MoviesEvent> {
    System("InfiniteList", initial: MoviesState()) {
      Reducer(reducer)
      Feedback.lensing("whenLoading", emits: [.didLoad(Results(page: 0, titles: [])), .didFail("")], { $0.nextPage }) {
        page in
        .publisher(
          fetchMovies(page: page, failing: failing, scheduler)
            .map(MoviesEvent.didLoad)
            .catch { _ in Just(MoviesEvent.didFail("offline")) }
            .receive(on: scheduler))
      }
    }
  }

  @Test func theInfiniteListLoadsFailsAndRetries() throws {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(Self.movies(scheduler.combine, failing: [2]), scheduler: scheduler)
    loop.send(.fetchNext) { $0.status = .loading }
    scheduler.advance(by: .milliseconds(200))
    let first = Results(page: 1, titles: ["movie 1a", "movie 1b"])
    loop.receive(.didLoad(first), from: "whenLoading") {
      $0 = MoviesState(batch: first, movies: first.titles, status: .idle)
    }
    loop.send(.fetchNext) { $0.status = .loading }
    scheduler.advance(by: .milliseconds(200))
    loop.receive(.didFail("offline"), from: "whenLoading") { $0.status = .failed("offline") }
    loop.send(.retry) { $0.status = .loading }
    scheduler.advance(by: .milliseconds(200))
    loop.receive(.didFail("offline"), from: "whenLoading") { $0.status = .failed("offline") }  // still failing
    loop.finish()

    let drawing = try Drawing(Self.movies(scheduler.combine, failing: []))
    #expect(drawing.feedbacks == ["whenLoading emits didLoad, didFail"])
    #expect(drawing.loop.contains("a derived value, skipping repeats"))
  }

  // MARK: Sign-in form

  struct SignInState: Hashable, Sendable {
    var email = ""
    var password = ""
    var status = SignInStatus.editing

    var canSubmit: Bool { email.contains("@") && password.count >= 6 }
  }

  enum SignInStatus: Hashable, Sendable { case editing, signingIn, signedIn, rejected }

  enum SignInEvent: Hashable, Sendable {
    case emailDidChange(String)
    case passwordDidChange(String)
    case signIn
    case didSignIn(Bool)
  }

  static func signIn(_ scheduler: LoopCombineScheduler) -> System<SignInState, SignInEvent> {
    System("SignIn", initial: SignInState()) {
      Transitions {
        Transition(from: .type(SignInState.self), on: .case("emailDidChange"), label: "email = value") { state, event in
          guard case .emailDidChange(let email) = event else { return state }
          var next = state
          next.email = email
          return next
        }
        Transition(from: .type(SignInState.self), on: .case("passwordDidChange"), label: "password = value") {
          state, event in
          guard case .passwordDidChange(let password) = event else { return state }
          var next = state
          next.password = password
          return next
        }
        Transition(from: .type(SignInState.self), on: .signIn, label: "status = signingIn") { state, _ in
          var next = state
          next.status = .signingIn
          return next
        }
        .guarded("form is valid") { state, _ in state.canSubmit && state.status == .editing }
        Transition(from: .type(SignInState.self), on: .case("didSignIn"), label: "status = result") { state, event in
          var next = state
          next.status = event == .didSignIn(true) ? .signedIn : .rejected
          return next
        }
      }
      Feedback.whenBecomesTrue("api", emits: [.didSignIn(true)], { $0.status == .signingIn }) { state in
        .publisher(
          Just(SignInEvent.didSignIn(state.password != "wrong-password"))
            .delay(for: .seconds(1), scheduler: scheduler))
      }
    }
  }

  @Test func theSignInFormBindsFieldsToEventsAndSignsIn() throws {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(Self.signIn(scheduler.combine), scheduler: scheduler)
    loop.send(.emailDidChange("ada@example.com")) { $0.email = "ada@example.com" }
    loop.send(.signIn)  // the guard rejects a form without a password: ignored
    loop.send(.passwordDidChange("analytical")) { $0.password = "analytical" }
    loop.send(.signIn) { $0.status = .signingIn }
    scheduler.advance(by: .seconds(1))
    loop.receive(.didSignIn(true), from: "api") { $0.status = .signedIn }
    loop.finish()

    // The view's side: `TextField(context.binding(for: \.email, event: Event.emailDidChange))`.
    let context = LoopModel(Self.signIn(scheduler.combine), scheduler: scheduler)
    let email = context.binding(\.email, to: SignInEvent.emailDidChange)
    email.wrappedValue = "grace@example.com"
    scheduler.advance()
    #expect(context.email == "grace@example.com")
    #expect(context.state.status == .editing)

    let drawing = try Drawing(Self.signIn(scheduler.combine))
    #expect(
      drawing.transitions == [
        "SignInState → SignInState: emailDidChange / email = value; passwordDidChange / password = value; "
          + "signIn / status = signingIn [form is valid]; didSignIn / status = result"
      ])
    #expect(drawing.feedbacks == ["api emits didSignIn"])
  }

  // MARK: Traffic light

  enum Light: Hashable, Sendable { case red, green, yellow }
  enum Signal: Hashable, Sendable { case tick }

  static func trafficLight(_ scheduler: LoopCombineScheduler) -> System<Light, Signal> {
    System("TrafficLight", initial: .red) {
      Transitions {
        Transition(from: .red, on: .tick, to: .green)
        Transition(from: .green, on: .tick, to: .yellow)
        Transition(from: .yellow, on: .tick, to: .red)
      }
      Feedback("timer", emits: [.tick]) { (light: Light) in
        Just(Signal.tick).delay(for: light == .yellow ? .seconds(3) : .seconds(30), scheduler: scheduler)
      }
    }
  }

  @Test func theTrafficLightCyclesOnAPublisherTimer() throws {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(Self.trafficLight(scheduler.combine), scheduler: scheduler)
    scheduler.advance(by: .seconds(30))
    loop.receive(.tick, from: "timer") { $0 = .green }
    scheduler.advance(by: .seconds(30))
    loop.receive(.tick, from: "timer") { $0 = .yellow }
    scheduler.advance(by: .seconds(3))
    loop.receive(.tick, from: "timer") { $0 = .red }
    loop.skipInFlightEffects()

    let drawing = try Drawing(Self.trafficLight(scheduler.combine))
    #expect(drawing.transitions == ["green → yellow: tick", "red → green: tick", "yellow → red: tick"])
    #expect(drawing.svg.contains("class=\"edge transition"))
  }
}
