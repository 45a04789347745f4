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

/// Seed 000 (ReactiveFeedback): its counter and its movies paging with retry. ReactiveSwift
/// is not available: its `Signal`s of UI events are subjects, its `SignalProducer` network
/// calls are async effects on the loop's clock.
@Suite(.timeLimit(.minutes(3))) struct ReactiveFeedbackTests {
  // MARK: The counter ("Example")

  enum Event: Hashable, Sendable { case increment, decrement }

  static func counter(plus: FeedbackInput<Event>, minus: FeedbackInput<Event>) -> System<Int, Event> {
    System(
      "Counter", initial: 0,
      reduce: { (count, event) -> Int in
        switch event {
        case .increment: return count + 1
        case .decrement: return count - 1
        }
      },
      feedbacks: [.input("increment", plus, emits: [.increment]), .input("decrement", minus, emits: [.decrement])])
  }

  @Test func theCounterCountsTaps() throws {
    let plus = FeedbackInput<Event>()
    let minus = FeedbackInput<Event>()
    let loop = LoopRecorder(Self.counter(plus: plus, minus: minus))
    plus.send(.increment)
    plus.send(.increment)
    minus.send(.decrement)
    loop.scheduler.advance()
    loop.receive(.increment, from: "increment") { $0 = 1 }
    loop.receive(.increment, from: "increment") { $0 = 2 }
    loop.receive(.decrement, from: "decrement") { $0 = 1 }
    loop.finish()

    let drawing = try Drawing(Self.counter(plus: plus, minus: minus))
    #expect(drawing.feedbacks == ["increment emits increment", "decrement emits decrement"])
    #expect(drawing.transitions.isEmpty)  // a reduce function declares no transitions
  }

  // MARK: Movies paging with retry

  struct Movie: Hashable, Sendable {
    let id: Int
  }

  struct Results: Hashable, Sendable {
    let page: Int
    let totalResults: Int
    let totalPages: Int
    let results: [Movie]

    static let empty = Results(page: 0, totalResults: 0, totalPages: 0, results: [])
  }

  struct Context: Hashable, Sendable {
    var batch: Results
    var movies: [Movie]

    static let empty = Context(batch: .empty, movies: [])
  }

  enum State: Hashable, Sendable {
    case initial
    case paging(context: Context)
    case loadedPage(context: Context)
    case error(error: String, context: Context)
    case retry(context: Context)

    var context: Context {
      switch self {
      case .initial: .empty
      case .paging(let context), .loadedPage(let context), .error(_, let context), .retry(let context): context
      }
    }

    var paging: Bool {
      if case .paging = self { return true }
      return false
    }

    var nextPage: Int? {
      guard case .paging(let context) = self else { return nil }
      return context.batch.page + 1
    }

    var retryPage: Int? {
      guard case .retry(let context) = self else { return nil }
      return context.batch.page + 1
    }

    var lastError: String? {
      guard case .error(let error, _) = self else { return nil }
      return error
    }
  }

  enum MoviesEvent: Hashable, Sendable {
    case startLoadingNextPage
    case response(Results)
    case failed(String)
    case retry
  }

  static func reduce(state: State, event: MoviesEvent) -> State {
    switch event {
    case .startLoadingNextPage:
      return .paging(context: state.context)
    case .response(let batch):
      var copy = state.context
      copy.batch = batch
      copy.movies += batch.results
      return .loadedPage(context: copy)
    case .failed(let error):
      return .error(error: error, context: state.context)
    case .retry:
      return .retry(context: state.context)
    }
  }

  /// A fake movie service: 100 ms per page; page 2 fails the first time.
  final class Service: Sendable {
    private let failures = Mutex<Set<Int>>([2])

    static func page(_ number: Int) -> Results {
      Results(
        page: number, totalResults: 6, totalPages: 3, results: [Movie(id: number * 10), Movie(id: number * 10 + 1)])
    }

    func fetchMovies(page: Int, clock: any Clock<Duration>) async throws -> MoviesEvent {
      try await clock.sleep(for: .milliseconds(100))
      if failures.withLock({ $0.remove(page) }) != nil { return .failed("page \(page): offline") }
      return .response(Self.page(page))
    }
  }

  static func movies(nearBottom: UISignal, retrySignal: UISignal, service: Service) -> System<State, MoviesEvent> {
    System("Movies", initial: State.initial) {
      Reducer(reduce)
      Feedback.when("loadNext", emits: [.startLoadingNextPage], { !$0.paging }) { _ in
        .publisher(nearBottom.subject.map { MoviesEvent.startLoadingNextPage })
      }
      Feedback.skippingRepeated("paging", emits: [.response(.empty), .failed("")], { $0.nextPage }) { nextPage in
        .task { clock in try await service.fetchMovies(page: nextPage, clock: clock) }
      }
      Feedback.skippingRepeated("retry", emits: [.retry], { $0.lastError }) { _ in
        .publisher(retrySignal.subject.map { MoviesEvent.retry })
      }
      Feedback.skippingRepeated("retryPaging", emits: [.response(.empty), .failed("")], { $0.retryPage }) { nextPage in
        .task { clock in try await service.fetchMovies(page: nextPage, clock: clock) }
      }
    }
  }

  @Test func moviesPageFailRetryAndLoad() throws {
    let nearBottom = UISignal()
    let retrySignal = UISignal()
    let loop = LoopRecorder(Self.movies(nearBottom: nearBottom, retrySignal: retrySignal, service: Service()))
    let scheduler = loop.scheduler
    var context = Context.empty

    nearBottom.send()
    scheduler.advance()
    loop.receive(.startLoadingNextPage, from: "loadNext") { $0 = .paging(context: context) }
    scheduler.advance(by: .milliseconds(100))
    context.batch = Service.page(1)
    context.movies = Service.page(1).results
    loop.receive(.response(Service.page(1)), from: "paging") { $0 = .loadedPage(context: context) }

    nearBottom.send()
    scheduler.advance()
    loop.receive(.startLoadingNextPage, from: "loadNext") { $0 = .paging(context: context) }
    nearBottom.send()  // while paging, loadNext is not listening: nothing happens
    scheduler.advance(by: .milliseconds(100))
    loop.receive(.failed("page 2: offline"), from: "paging") { $0 = .error(error: "page 2: offline", context: context) }

    retrySignal.send()
    scheduler.advance()
    loop.receive(.retry, from: "retry") { $0 = .retry(context: context) }
    scheduler.advance(by: .milliseconds(100))
    context.batch = Service.page(2)
    context.movies += Service.page(2).results
    loop.receive(.response(Service.page(2)), from: "retryPaging") { $0 = .loadedPage(context: context) }
    #expect(loop.state.context.movies.map(\.id) == [10, 11, 20, 21])
    loop.skipInFlightEffects()  // loadNext keeps listening for the end of the list

    let drawing = try Drawing(Self.movies(nearBottom: nearBottom, retrySignal: retrySignal, service: Service()))
    #expect(
      drawing.feedbacks == [
        "loadNext emits startLoadingNextPage", "paging emits response, failed", "retry emits retry",
        "retryPaging emits response, failed",
      ])
    #expect(drawing.svg.contains("<svg"))
  }
}
