#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import FeedbackLoop
import FeedbackLoopCombine
import FeedbackLoopTesting
import Testing

/// `LoopCombineScheduler`'s doc example, line for line, run on Linux (OpenCombine): a newer
/// query cancels the delayed search of the one before.
@Suite struct LoopCombineSchedulerDocExampleTests {
  struct Search: Equatable, Sendable {
    var query: String?
    var results: [String] = []

    static func reduce(_ state: inout Search, _ event: SearchEvent) {
      switch event {
      case .type(let query): state.query = query
      case .didSearch(let query): state.results = ["feedback", "loop"].filter { $0.hasPrefix(query) }
      }
    }
  }

  enum SearchEvent: Equatable, Sendable {
    case type(String)
    case didSearch(String)
  }

  func search(_ scheduler: LoopCombineScheduler) -> System<Search, SearchEvent> {
    System(initial: Search()) {
      Reducer(Search.reduce)
      Feedback.skippingRepeated("search", { $0.query }) { query in
        .publisher(
          Just(SearchEvent.didSearch(query))
            .delay(for: .milliseconds(300), scheduler: scheduler))  // a newer query cancels it
      }
    }
  }

  @Test func searchesOnceTypingPauses() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(search(scheduler.combine), scheduler: scheduler)
    loop.send(.type("f")) { $0.query = "f" }
    scheduler.advance(by: .milliseconds(100))
    loop.send(.type("fe")) { $0.query = "fe" }  // cancels the search for "f"
    scheduler.advance(by: .milliseconds(300))
    loop.receive(.didSearch("fe")) { $0.results = ["feedback"] }
  }
}
