import FeedbackLoop
import FeedbackLoopTesting
import Foundation
import Testing

/// `disabled(when:)` on an input drops the events sent while it holds, and records each
/// drop as an ignored event from the input (RxFeedback's `triggerLoadNextPage`).
@Suite struct GatedInputTests {
  /// Searches "swift": its first page loads from 0.3 s to 1.3 s.
  static func searching() -> (LoopRecorder<Search, SearchEvent>, TestScheduler) {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(githubSearch, scheduler: scheduler)
    loop.send(.typed("swift"), from: "searchField") { $0.typed = "swift" }
    scheduler.advance(by: .milliseconds(300))
    loop.receive(.searchChanged("swift"), from: "debounce") {
      $0.search = "swift"
      $0.nextPage = 1
      $0.shouldLoadNextPage = true
    }
    return (loop, scheduler)
  }

  @Test func nearBottomWhileAPageLoadsIsDroppedAndRecorded() {
    let (loop, scheduler) = Self.searching()
    scheduler.advance(by: .milliseconds(500))
    loop.send(.startLoadingNextPage, from: "nearBottom")  // no closure: nothing changed
    let last = loop.steps.last
    guard case .ignored(.startLoadingNextPage, let source, let state) = last?.step else {
      Issue.record("the drop is not the last step: \(loop.timeline)")
      return
    }
    #expect(source.feedbackName == "nearBottom")
    #expect(state.shouldLoadNextPage)
    #expect(loop.timeline.contains("ignored    startLoadingNextPage from nearBottom"), "\(loop.timeline)")
    let page1 = PageQuery(search: "swift", page: 1)
    scheduler.advance(by: .milliseconds(500))
    loop.receive(.response(page1, repositories: ["swift-1a", "swift-1b"], nextPage: 2), from: "loadPage") {
      $0.results = ["swift-1a", "swift-1b"]
      $0.nextPage = 2
      $0.shouldLoadNextPage = false
    }
    // Once the page is in, "near bottom" loads the next one.
    loop.send(.startLoadingNextPage, from: "nearBottom") { $0.shouldLoadNextPage = true }
    scheduler.advance(by: .seconds(1))
    let page2 = PageQuery(search: "swift", page: 2)
    loop.receive(.response(page2, repositories: ["swift-2a", "swift-2b"], nextPage: 3), from: "loadPage") {
      $0.results += ["swift-2a", "swift-2b"]
      $0.nextPage = 3
      $0.shouldLoadNextPage = false
    }
    loop.finish()
  }

  @Test func theDropIsInTheTrace() throws {
    let (loop, scheduler) = Self.searching()
    loop.send(.startLoadingNextPage, from: "nearBottom")
    scheduler.advance(by: .seconds(1))
    loop.skipReceived()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gated-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try loop.writeTrace(to: directory)
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    // The input "nearBottom" is the system's feedback #1.
    let drops = lines.filter { $0.contains("\"kind\":\"ignoredEvent\"") && $0.contains("\"feedback\":1,") }
    #expect(drops.count == 1, "\(lines.joined(separator: "\n"))")
    loop.finish()
  }

  @Test func aFeedbackInputObjectIsGatedToo() {
    let taps = FeedbackInput<Int>()
    let counter = System<Int, Int>("Counter", initial: 0) {
      Reducer { count, step in count += step }
      Feedbacks { Feedback.input("taps", taps, emits: [1]).disabled(when: { $0 >= 2 }) }
    }
    let scheduler = TestScheduler()
    let loop = LoopRecorder(counter, scheduler: scheduler)
    scheduler.advance()
    for _ in 0..<3 { taps.send(1) }
    scheduler.advance()
    loop.receive(1, from: "taps") { $0 = 1 }
    loop.receive(1, from: "taps") { $0 = 2 }
    loop.receive(1, from: "taps")  // the drop: a received event like any, asserted unchanged
    #expect(loop.state == 2)
    #expect(loop.timeline.contains("ignored    1 from taps in 2"), "\(loop.timeline)")
    loop.finish()
  }
}
