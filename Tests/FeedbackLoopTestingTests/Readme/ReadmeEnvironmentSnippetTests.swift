// The "Test doubles: an environment" snippet of the "Testing a loop" article, verbatim
// (ReadmeMirrorCheckTests fails when the article and this file drift apart).
import FeedbackLoop
import FeedbackLoopTesting
import Testing

struct BookClient: Sendable {
  var find: @Sendable (String) async throws -> [String]
}

enum BookSearch: Hashable, Sendable { case idle, searching(String), found([String]) }
enum BookEvent: Hashable, Sendable { case query(String), results([String]) }

func bookSearch(_ client: BookClient) -> System<BookSearch, BookEvent> {
  System("BookSearch", initial: .idle, environment: client) { client in
    Reducer { state, event in
      switch event {
      case .query(let text): state = .searching(text)
      case .results(let found): state = .found(found)
      }
    }
    Feedbacks {
      Feedback.on("search", emits: [.results([])], .case("searching")) { state in
        guard case .searching(let text) = state else { return .none }
        return .task { clock in
          try await clock.sleep(for: .milliseconds(300))  // virtual time in a test
          return .results(try await client.find(text))
        }
      }
    }
  }
}

// The app runs Loop(bookSearch(.live)); a test hands in a double:
@Test func searchingCallsTheDouble() {
  let scheduler = TestScheduler()
  let loop = LoopRecorder(bookSearch(BookClient(find: { _ in ["Dune"] })), scheduler: scheduler)
  loop.send(.query("dune")) { $0 = .searching("dune") }
  scheduler.advance(by: .milliseconds(300))
  loop.receive(.results(["Dune"]), from: "search") { $0 = .found(["Dune"]) }
}
