import FeedbackLoop
import FeedbackLoopTesting
import Synchronization
import Testing

enum SearchState: Hashable, Sendable { case idle, searching(String), found([String]), reported([String]) }
enum SearchEvent: Hashable, Sendable { case query(String), results([String]), logged }

/// What the search system's effects call: a search API and an analytics log.
struct SearchEnvironment: Sendable {
  var search: @Sendable (String) async throws -> [String]
  var log: @Sendable (String) -> Void
}

/// A call a client received: what, when in the scheduler's time, and on which thread.
struct Call: Equatable, Sendable {
  var what: String
  var at: Duration
  var onTestThread: Bool
}

/// Records the calls a client receives.
final class CallLog: Sendable {
  private let calls = Mutex<[Call]>([])
  let scheduler: TestScheduler
  let testThread = currentThreadID()

  init(scheduler: TestScheduler) { self.scheduler = scheduler }

  func record(_ what: String) {
    let call = Call(what: what, at: scheduler.now, onTestThread: currentThreadID() == testThread)
    calls.withLock { $0.append(call) }
  }

  var all: [Call] { calls.withLock { $0 } }
}

/// A search that debounces its query by 300 ms (a `.task`), then logs the results a second
/// later (a delayed `.run`): both effects call only the environment.
func searchSystem(_ environment: SearchEnvironment) -> System<SearchState, SearchEvent> {
  System("Search", initial: .idle, environment: environment) { environment in
    Reducer { state, event in
      switch event {
      case .query(let text): state = .searching(text)
      case .results(let found): state = .found(found)
      case .logged: if case .found(let found) = state { state = .reported(found) }
      }
    }
    Feedbacks {
      Feedback.on("search", emits: [.results([])], .case("searching")) { state in
        guard case .searching(let text) = state else { return .none }
        return .task { clock in
          try await clock.sleep(for: .milliseconds(300))
          return .results(try await environment.search(text))
        }
      }
      Feedback.on("analytics", emits: [.logged], .case("found")) { state in
        guard case .found(let found) = state else { return .none }
        return .run { send, clock in
          try await clock.sleep(for: .seconds(1))
          environment.log("found \(found.count)")
          send(.logged)
        }
      }
    }
  }
}

@Suite struct EnvironmentTests {
  /// A test double for both clients, recording its calls.
  static func double(_ calls: CallLog) -> SearchEnvironment {
    SearchEnvironment(
      search: { text in
        calls.record("search \(text)")
        return ["\(text) 1", "\(text) 2"]
      },
      log: { calls.record($0) })
  }

  @Test func theEffectsCallTheDoubleOnTheTestSchedulerInVirtualTime() {
    let scheduler = TestScheduler()
    let calls = CallLog(scheduler: scheduler)
    let loop = LoopRecorder(searchSystem(Self.double(calls)), scheduler: scheduler)
    loop.send(.query("swift")) { $0 = .searching("swift") }
    scheduler.advance(by: .milliseconds(299))
    #expect(calls.all.isEmpty)  // the debounce has not run out: nothing called yet
    scheduler.advance(by: .milliseconds(1))
    #expect(calls.all == [Call(what: "search swift", at: .milliseconds(300), onTestThread: true)])
    loop.receive(.results(["swift 1", "swift 2"]), from: "search", at: .milliseconds(300)) {
      $0 = .found(["swift 1", "swift 2"])
    }
    scheduler.advance(by: .seconds(1))
    loop.receive(.logged, from: "analytics", at: .milliseconds(1_300)) { $0 = .reported(["swift 1", "swift 2"]) }
    #expect(
      calls.all == [
        Call(what: "search swift", at: .milliseconds(300), onTestThread: true),
        Call(what: "found 2", at: .milliseconds(1_300), onTestThread: true),
      ])
  }

  @Test func eachSystemCallsTheEnvironmentItWasBuiltWith() {
    // Two systems from one declaration, one with the live clients and one with the double,
    // run side by side: each calls only its own.
    let scheduler = TestScheduler()
    let live = CallLog(scheduler: scheduler)
    let double = CallLog(scheduler: scheduler)
    let liveEnvironment = SearchEnvironment(
      search: { text in
        live.record("live search \(text)")
        return []
      },
      log: { live.record("live \($0)") })
    let liveLoop = LoopRecorder(searchSystem(liveEnvironment), scheduler: scheduler)
    let testLoop = LoopRecorder(searchSystem(Self.double(double)), scheduler: scheduler)
    liveLoop.send(.query("swift")) { $0 = .searching("swift") }
    testLoop.send(.query("kit")) { $0 = .searching("kit") }
    scheduler.advance(by: .milliseconds(300))
    liveLoop.receive(.results([]), from: "search") { $0 = .found([]) }
    testLoop.receive(.results(["kit 1", "kit 2"]), from: "search") { $0 = .found(["kit 1", "kit 2"]) }
    scheduler.advance(by: .seconds(1))
    liveLoop.receive(.logged, from: "analytics") { $0 = .reported([]) }
    testLoop.receive(.logged, from: "analytics") { $0 = .reported(["kit 1", "kit 2"]) }
    #expect(live.all.map(\.what) == ["live search swift", "live found 0"])
    #expect(double.all.map(\.what) == ["search kit", "found 2"])
  }

  @Test func theEnvironmentDeclaresTheSameSystemAsThePlainInitializer() {
    let calls = CallLog(scheduler: TestScheduler())
    let system = searchSystem(Self.double(calls))
    #expect(system.name == "Search")
    #expect(system.feedbacks.map(\.name) == ["search", "analytics"])
    #expect(system.initial == .idle)
  }
}
