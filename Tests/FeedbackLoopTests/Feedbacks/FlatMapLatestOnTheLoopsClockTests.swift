import AsyncAlgorithms
import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// swift-async-algorithms' `flatMapLatest` inside a `Feedback.states` sequence: a new query
/// cancels the search in flight. Its inner tasks are started while the test scheduler moves
/// time, so they run on it: the surviving search lands at an exact virtual time, every run.
@Suite struct FlatMapLatestOnTheLoopsClockTests {
  struct Search: Equatable, Sendable {
    var query = ""
    var found: [String] = []
  }

  enum SearchEvent: Equatable, Sendable {
    case type(String)
    case found(String)
  }

  static let search = System<Search, SearchEvent>("Search", initial: Search()) {
    Reducer { state, event in
      switch event {
      case .type(let query): state.query = query
      case .found(let query): state.found.append(query)
      }
    }
    Feedbacks { latest }
  }

  /// Each query searched for one second; a newer query wins.
  static let latest = Feedback<Search, SearchEvent>.states("latest", emits: [.found("")]) { states, clock in
    states.map(\.query).removeDuplicates().dropFirst()
      .flatMapLatest { query in
        [query].async.compactMap { query -> SearchEvent? in
          do { try await clock.sleep(for: .seconds(1)) } catch { return nil }  // cancelled: nothing
          return .found(query)
        }
      }
  }

  /// Types "a" at 0, "ab" at 0.5 s (cancelling "a"), "abc" at 2 s; returns what was found when.
  static func typeThreeQueries() -> [String] {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(search, scheduler: scheduler, exhaustivity: .off(showSkipped: false), writesTrace: false)
    scheduler.advance()
    loop.send(.type("a"))
    scheduler.advance(by: .milliseconds(500))
    loop.send(.type("ab"))
    scheduler.advance(to: .seconds(2))
    loop.send(.type("abc"))
    scheduler.advance(by: .seconds(2))
    let found = loop.steps.compactMap { step -> String? in
      guard case .reduced(.found(let query), _, _, _, _) = step.step else { return nil }
      return "\(step.time): \(query)"
    }
    loop.finish()
    return found
  }

  @Test func theLatestQueryWinsAtExactVirtualTimes() {
    #expect(Self.typeThreeQueries() == ["1.5 seconds: ab", "3.0 seconds: abc"])
  }

  @Test func everyRunAlike() {
    var outcomes: Set<[String]> = []
    for _ in 0..<50 { outcomes.insert(Self.typeThreeQueries()) }
    #expect(outcomes.count == 1, "\(outcomes)")
  }
}
