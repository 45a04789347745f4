import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// The doc comment's example of `System.init(_:initial:environment:_:)`, verbatim
/// (DocCommentMirrorCheckTests): a test's environment reaches the system's effects.
@Suite(.timeLimit(.minutes(3))) struct EnvironmentDocCommentTests {
  enum SearchState: Hashable, Sendable { case idle, searching(String), found([String]) }
  enum SearchEvent: Hashable, Sendable { case typed(String), results([String]) }
  /// The app's API client: a stand-in, never called by the test.
  actor APIClient {
    static let shared = APIClient()
    func search(_ query: String) async throws -> [String] { ["live \(query)"] }
  }

  struct SearchEnvironment: Sendable {
    var search: @Sendable (String) async throws -> [String]
    static let live = SearchEnvironment(search: { try await APIClient.shared.search($0) })
  }

  enum Search {
    static func system(_ environment: SearchEnvironment = .live) -> System<SearchState, SearchEvent> {
      System(initial: .idle, environment: environment) { environment in
        Reducer { state, event in
          switch event {
          case .typed(let query): state = .searching(query)
          case .results(let results): state = .found(results)
          }
        }
        Feedbacks {
          Feedback.on("search", emits: [.results([])], .case("searching")) { state in
            guard case .searching(let query) = state else { return .none }
            return .task { clock in
              try await clock.sleep(for: .milliseconds(300))  // debounce, virtual in tests
              return .results(try await environment.search(query))
            }
          }
        }
      }
    }
  }

  // The app:  Loop(Search.system())
  // A test:   LoopRecorder(Search.system(SearchEnvironment(search: { _ in ["stub"] })), scheduler: scheduler)

  @Test func theTestsEnvironmentAnswersTheSearch() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(Search.system(SearchEnvironment(search: { _ in ["stub"] })), scheduler: scheduler)
    loop.send(.typed("cat")) { $0 = .searching("cat") }
    loop.receiveNothing(before: .milliseconds(300))
    loop.receive(.results(["stub"]), from: "search", at: .milliseconds(300)) { $0 = .found(["stub"]) }
  }
}
