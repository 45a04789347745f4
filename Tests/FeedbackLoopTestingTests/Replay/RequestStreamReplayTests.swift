import AsyncAlgorithms
import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// A feedback over a stream of requests (`Feedback.states(_:emits:requests:effect:)`)
/// replays step for step: each request's effect starts where the trace says, a new request
/// cancels the running one, and a `nil` request cancels it alone.
@Suite(.timeLimit(.minutes(3))) struct RequestStreamReplayTests {
  enum Event: Codable, Hashable, Sendable {
    case query(Int?)
    case found(Int)
  }

  struct Search: Hashable, Sendable {
    var query: Int?
    var found: Int?
  }

  static let search = System<Search, Event>("RequestStream", initial: Search()) {
    Reducer { state, event in
      switch event {
      case .query(let query): state.query = query
      case .found(let result): state.found = result
      }
    }
    Feedbacks {
      Feedback.input("field", emits: [.query(nil)])
      Feedback.states(
        "search", emits: [.found(0)],
        requests: { states, _ in states.map(\.query).removeDuplicates() },
        effect: { query in
          guard let query else { return .none }
          return .task { clock in
            try await clock.sleep(for: .seconds(1))
            return .found(query)
          }
        })
    }
  }

  @Test func aRecordedRunOfRequestsReplays() {
    let loop = LoopRecorder(Self.search, exhaustivity: .off(), writesTrace: false)
    loop.send(.query(1), from: "field")
    loop.scheduler.advance(by: .milliseconds(500))
    loop.send(.query(2), from: "field")  // cancels the search for 1
    loop.scheduler.advance(by: .seconds(1))  // found 2
    loop.send(.query(3), from: "field")
    loop.scheduler.advance(by: .milliseconds(500))
    loop.send(.query(nil), from: "field")  // cancels the search for 3, starts none
    loop.scheduler.advance(by: .seconds(2))
    loop.finish()
    let trace = loop.trace
    let kinds = trace.steps.map(\.kind)
    #expect(kinds.filter { $0 == .effectStarted }.count == 3)
    #expect(kinds.filter { $0 == .effectCancelled }.count == 2)
    let result = TraceReplay(trace, system: Self.search, source: "RequestStream.jsonl").run()
    #expect(result.passed, "\(result)")
    #expect(result.matchedSteps == trace.steps.count)
  }
}
