#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import FeedbackLoop
import FeedbackLoopCombine
import FeedbackLoopTesting
import Testing

/// Search-as-you-type with a feedback over the publisher of states: the query is debounced
/// across states, then searched. Every event lands at an exact virtual time.
@Suite struct SearchAsYouTypeTests {
  struct Search: Equatable, Sendable {
    var query = ""
    var searching: String?
    var results: [String] = []
  }

  enum SearchEvent: Equatable, Sendable {
    case type(String)
    case search(String)
    case found([String])
  }

  static func search(_ scheduler: LoopCombineScheduler) -> System<Search, SearchEvent> {
    System("Search", initial: Search()) {
      Reducer { state, event in
        switch event {
        case .type(let query): state.query = query
        case .search(let query): state.searching = query
        case .found(let results):
          state.results = results
          state.searching = nil
        }
      }
      Feedbacks {
        Feedback.states("debounce", emits: [.search("")]) { states in
          states.map(\.query).removeDuplicates()
            .dropFirst()  // the initial query: it arrives first, once subscribed
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .map(SearchEvent.search)
        }
        Feedback.skippingRepeated("search", emits: [.found([])], { $0.searching }) { query in
          .task { clock in
            try await clock.sleep(for: .milliseconds(200))
            return .found(["feed", "feedback", "loop"].filter { $0.hasPrefix(query) })
          }
        }
      }
    }
  }

  /// The same search, its debounce on the scheduler the feedback is handed: the loop's.
  static let handedTheLoopsScheduler = System<Search, SearchEvent>("Search", initial: Search()) {
    Reducer { state, event in
      switch event {
      case .type(let query): state.query = query
      case .search(let query): state.searching = query
      case .found(let results):
        state.results = results
        state.searching = nil
      }
    }
    Feedbacks {
      Feedback.states("debounce", emits: [.search("")]) { states, scheduler in
        states.map(\.query).removeDuplicates()
          .dropFirst()
          .debounce(for: .init(.milliseconds(300)), scheduler: scheduler)
          .map(SearchEvent.search)
      }
      Feedback.skippingRepeated("search", emits: [.found([])], { $0.searching }) { query in
        .task { clock in
          try await clock.sleep(for: .milliseconds(200))
          return .found(["feed", "feedback", "loop"].filter { $0.hasPrefix(query) })
        }
      }
    }
  }

  /// A fiftieth of the runs under ThreadSanitizer (CI runs this target under it).
  #if FEEDBACKLOOP_TSAN_LOCKS
    static let runs = 20
  #else
    static let runs = 1_000
  #endif

  @Test func theQueryIsSearchedThreeHundredMillisecondsAfterTypingPauses() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(Self.search(scheduler.combine), scheduler: scheduler)
    loop.send(.type("f")) { $0.query = "f" }
    scheduler.advance(by: .milliseconds(100))
    loop.send(.type("fe")) { $0.query = "fe" }
    scheduler.advance(by: .milliseconds(100))
    loop.send(.type("fee")) { $0.query = "fee" }
    loop.receiveNothing(before: .milliseconds(500))
    loop.receive(.search("fee"), from: "debounce", at: .milliseconds(500)) { $0.searching = "fee" }
    scheduler.advance(by: .milliseconds(200))
    loop.receive(.found(["feed", "feedback"]), from: "search", at: .milliseconds(700)) {
      $0.searching = nil
      $0.results = ["feed", "feedback"]
    }
    scheduler.advance(by: .milliseconds(300))
    loop.send(.type("feedb")) { $0.query = "feedb" }
    scheduler.advance(by: .milliseconds(300))
    loop.receive(.search("feedb"), from: "debounce", at: .milliseconds(1_300)) { $0.searching = "feedb" }
    scheduler.advance(by: .milliseconds(200))
    loop.receive(.found(["feedback"]), from: "search", at: .milliseconds(1_500)) {
      $0.searching = nil
      $0.results = ["feedback"]
    }
    loop.finish()
  }

  @Test func aThousandRunsGiveTheSameEventsAtTheSameTimes() {
    var outcomes: [String: Int] = [:]
    for _ in 0..<Self.runs {
      let scheduler = TestScheduler()
      let loop = LoopRecorder(
        Self.handedTheLoopsScheduler, scheduler: scheduler, exhaustivity: .off(showSkipped: false), writesTrace: false)
      for (offset, query) in ["s", "sw", "swi"].enumerated() {
        loop.send(.type(query))
        scheduler.advance(by: .milliseconds(offset == 2 ? 1_000 : 100))
      }
      outcomes[loop.timeline, default: 0] += 1
      loop.finish()
    }
    #expect(outcomes.count == 1, "\(outcomes.count) transcripts: \(outcomes.values.sorted())")
    let transcript = outcomes.keys.first ?? ""
    #expect(transcript.contains("0.5s    event      search(\"swi\") from debounce"), "\(transcript)")
    #expect(transcript.components(separatedBy: "event      search(").count == 2, "one search: \(transcript)")
  }

  @Test func theHandedSchedulerIsTheLoops() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(Self.handedTheLoopsScheduler, scheduler: scheduler)
    loop.send(.type("f")) { $0.query = "f" }
    loop.receiveNothing(before: .milliseconds(300))
    loop.receive(.search("f"), from: "debounce", at: .milliseconds(300)) { $0.searching = "f" }
    scheduler.advance(by: .milliseconds(200))
    loop.receive(.found(["feed", "feedback"]), from: "search", at: .milliseconds(500)) {
      $0.searching = nil
      $0.results = ["feed", "feedback"]
    }
    loop.finish()
  }

  @Test func aStrideFromADuration() {
    typealias Stride = LoopCombineScheduler.SchedulerTimeType.Stride
    #expect(Stride(.milliseconds(300)) == .milliseconds(300))
    #expect(Stride(.seconds(1.5)).nanoseconds == 1_500_000_000)
    #expect(Stride(.seconds(Int64.max)).nanoseconds == .max)  // clamped, no trap
  }

  @Test func stoppingTheLoopCancelsTheSubscriptionAndItsTimers() {
    let scheduler = TestScheduler()
    let loop = Loop(Self.search(scheduler.combine), scheduler: scheduler)
    scheduler.advance()
    loop.send(.type("f"))
    scheduler.advance()
    #expect(!scheduler.pending.isEmpty)  // the debounce's timer
    loop.stop()
    #expect(scheduler.pending.isEmpty)
  }

  @Test func stoppingTheLoopCancelsTimersItsOperatorsLeaveBehind() {
    // OpenCombine's `timeout` keeps a repeating timer after its subscription is cancelled.
    let scheduler = TestScheduler()
    let watchdog = System<Search, SearchEvent>("Watchdog", initial: Search()) {
      Reducer { _, _ in }
      Feedbacks {
        Feedback.states("watchdog") { states in
          states.timeout(.seconds(60), scheduler: scheduler.combine).filter { _ in false }.map { _ in .search("") }
        }
      }
    }
    let loop = Loop(watchdog, scheduler: scheduler)
    scheduler.advance(by: .seconds(1))
    #expect(!scheduler.pending.isEmpty)  // the timeout's timer
    loop.stop()
    #expect(scheduler.pending.isEmpty, "\(scheduler.pending)")

    // A Future's work is not cancelled with its subscription: its timer is, with the loop.
    let reminder = System<Search, SearchEvent>("Reminder", initial: Search()) {
      Reducer { _, _ in }
      Feedbacks {
        Feedback.states("reminder") { states in
          states.flatMap { _ in
            Future<SearchEvent, Never> { promise in
              let combine = scheduler.combine
              combine.schedule(after: combine.now.advanced(by: .seconds(100))) { promise(.success(.search(""))) }
            }
          }
        }
      }
    }
    let reminding = Loop(reminder, scheduler: scheduler)
    scheduler.advance(by: .seconds(1))
    #expect(!scheduler.pending.isEmpty)  // the future's timer
    reminding.stop()
    #expect(scheduler.pending.isEmpty, "\(scheduler.pending)")

    let fired = Loop(watchdog, scheduler: scheduler)
    scheduler.advance(by: .seconds(61))  // the timeout fired: the publisher finished
    #expect(scheduler.pending.isEmpty, "\(scheduler.pending)")
    fired.stop()
  }

  @Test func itIsDrawnAsAFeedbackOverTheStates() {
    let graph = Self.search(TestScheduler().combine).graph
    #expect(graph.feedbacks.first?.name == "debounce")
    #expect(graph.feedbacks.first?.watches == "the stream of states")
  }
}
