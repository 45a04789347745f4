import AsyncAlgorithms
import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// The doc comments' examples of `Feedback.states` and `LoopClock`, verbatim
/// (DocCommentMirrorCheckTests), run on virtual time.
@Suite(.timeLimit(.minutes(3))) struct StatesFeedbackDocCommentTests {
  enum EditorEvent: Hashable, Sendable { case edited(String), saved(String) }

  /// `Feedback.states(_:emits:_:)`: the draft is saved one virtual second after it is seen.
  @Test func theAutosaveSavesOneSecondAfterTheDraft() {
    let editor = System<String, EditorEvent>("Editor", initial: "hello") {
      Reducer { draft, event in if case .edited(let text) = event { draft = text } }
      Feedbacks {
        Feedback.states("autosave", emits: [.saved("")]) { states, clock in
          states.map { draft in
            try? await clock.sleep(for: .seconds(1))  // on the loop's clock: virtual in tests
            return EditorEvent.saved(draft)
          }
        }
      }
    }
    let loop = LoopRecorder(editor, exhaustivity: .off())  // the autosave re-arms on every state
    loop.receiveNothing(before: .seconds(1))
    loop.receive(.saved("hello"), from: "autosave", at: .seconds(1))
    loop.skipInFlightEffects()
  }

  struct Query: Hashable, Sendable { var page: Int }
  struct Page: Hashable, Sendable {
    var number: Int
    static let empty = Page(number: 0)
  }
  enum PageEvent: Hashable, Sendable { case response(Page) }
  struct Pages: Hashable, Sendable {
    var loaded: [Int] = []
    var loadNextPageQuery: Query? { loaded.count < 2 ? Query(page: loaded.count + 1) : nil }
  }
  enum GitHub {
    static func page(_ query: Query, clock: any Clock<Duration>) async throws -> PageEvent {
      try await clock.sleep(for: .seconds(1))
      return .response(Page(number: query.page))
    }
  }

  /// `Feedback.states(_:emits:requests:effect:)`: each query's page arrives, then `nil`
  /// asks for nothing more.
  @Test func eachRequestIsAnsweredByItsEffect() {
    let pages = System<Pages, PageEvent>("Pages", initial: Pages()) {
      Reducer { state, event in if case .response(let page) = event { state.loaded.append(page.number) } }
      Feedbacks {
        Feedback.states(
          "loadPage", emits: [.response(.empty)],
          requests: { states, _ in states.map(\.loadNextPageQuery).removeDuplicates() },
          effect: { query in
            guard let query else { return .none }  // nil: the page in flight is cancelled
            return .task { clock in try await GitHub.page(query, clock: clock) }
          })
      }
    }
    let loop = LoopRecorder(pages)
    loop.receiveNothing(before: .seconds(1))
    loop.receive(.response(Page(number: 1)), from: "loadPage", at: .seconds(1)) { $0.loaded = [1] }
    loop.receiveNothing(before: .seconds(2))
    loop.receive(.response(Page(number: 2)), from: "loadPage", at: .seconds(2)) { $0.loaded = [1, 2] }
    loop.receiveNothing(before: .seconds(10))
    loop.skipInFlightEffects()
  }

  struct Search: Hashable, Sendable { var query = "" }
  enum SearchEvent: Hashable, Sendable { case typed(String), search(String) }

  /// `LoopClock`: the debounce runs on virtual time; only the last query of a burst is
  /// searched, 300 ms after it.
  @Test func aDebounceOnTheLoopsClockRunsOnVirtualTime() {
    let search = System<Search, SearchEvent>("Search", initial: Search()) {
      Reducer { state, event in if case .typed(let text) = event { state.query = text } }
      Feedbacks {
        Feedback.states("search", emits: [.search("")]) { states, clock in
          states.map(\.query).removeDuplicates()
            .debounce(for: .milliseconds(300), clock: clock)  // virtual time under a TestScheduler
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
}
