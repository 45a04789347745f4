#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import FeedbackLoop
import FeedbackLoopCombine
import FeedbackLoopSupport
import FeedbackLoopTesting
import Testing

/// The doc comments' examples of `Feedback.states` over a publisher and of
/// `LoopCombineScheduler`, verbatim (DocCommentMirrorCheckTests), run on virtual time.
@Suite(.timeLimit(.minutes(3))) struct CombineDocCommentTests {
  struct Search: Hashable, Sendable { var query = "" }
  enum SearchEvent: Hashable, Sendable { case typed(String), search(String) }

  static let reducer = Reducer<Search, SearchEvent> { state, event in
    if case .typed(let text) = event { state.query = text }
  }

  /// The states publisher, debounced on the scheduler the test passes in.
  @Test func aPublisherOfStatesIsDebouncedOnTheGivenScheduler() {
    let testScheduler = TestScheduler()
    let scheduler = testScheduler.combine
    let search = System<Search, SearchEvent>("Search", initial: Search()) {
      Self.reducer
      Feedbacks {
        Feedback.states("search", emits: [.search("")]) { states in
          states.map(\.query).removeDuplicates()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .map(SearchEvent.search)
        }
      }
    }
    let loop = LoopRecorder(search, scheduler: testScheduler)
    loop.send(.typed("cat")) { $0.query = "cat" }
    loop.receiveNothing(before: .milliseconds(300))
    loop.receive(.search("cat"), from: "search", at: .milliseconds(300))
    loop.skipInFlightEffects()
  }

  /// The states publisher, debounced on the scheduler the feedback is handed: the loop's.
  @Test func aPublisherOfStatesIsDebouncedOnTheLoopsScheduler() {
    let search = System<Search, SearchEvent>("Search", initial: Search()) {
      Self.reducer
      Feedbacks {
        Feedback.states("search", emits: [.search("")]) { states, scheduler in
          states.map(\.query).removeDuplicates()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .map(SearchEvent.search)
        }
      }
    }
    let loop = LoopRecorder(search)
    loop.send(.typed("ca")) { $0.query = "ca" }
    loop.send(.typed("cat")) { $0.query = "cat" }
    loop.receiveNothing(before: .milliseconds(300))
    loop.receive(.search("cat"), from: "search", at: .milliseconds(300))
    loop.skipInFlightEffects()
  }

  /// `LoopScheduler.combine` and its `Stride`: a one-second debounce on virtual time.
  @Test func aDebounceOnTheCombineSchedulerFiresAtTheVirtualSecond() {
    let events = PassthroughSubject<Int, Never>()
    let received = Protected<[Int]>([])

    let scheduler = TestScheduler()
    let debounced = events.debounce(for: .seconds(1), scheduler: scheduler.combine)

    let subscription = debounced.sink { value in received.withLock { $0.append(value) } }
    events.send(1)
    events.send(2)
    scheduler.advance(by: .milliseconds(999))
    #expect(received.withLock { $0 }.isEmpty)
    scheduler.advance(by: .milliseconds(1))
    #expect(received.withLock { $0 } == [2])

    let later =
      events
      .debounce(for: .milliseconds(300), scheduler: scheduler.combine)
      .sink { value in received.withLock { $0.append(value) } }
    events.send(3)
    scheduler.advance(by: .milliseconds(300))
    #expect(received.withLock { $0 } == [2, 3])
    subscription.cancel()
    later.cancel()
  }
}
