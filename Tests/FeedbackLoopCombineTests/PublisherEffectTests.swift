#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import FeedbackGraph
import FeedbackLoop
import FeedbackLoopCombine
import FeedbackLoopTesting
import Testing

@Suite struct PublisherEffectTests {
  struct Search: Hashable, Sendable {
    var query = ""
    var searches: [String] = []
  }

  enum SearchEvent: Hashable, Sendable {
    case typed(String)
    case search(String)
  }

  /// Keystrokes debounced by 300 ms on the loop's virtual time, then searched.
  static func search(_ keystrokes: Keystrokes, scheduler: LoopCombineScheduler) -> System<Search, SearchEvent> {
    System("Search", initial: Search()) {
      Reducer { state, event in
        switch event {
        case .typed(let text): state.query = text
        case .search(let text): state.searches.append(text)
        }
      }
      Feedback.whenBecomesTrue("keystrokes", emits: [.search("")], { _ in true }) { _ in
        .publisher(
          keystrokes.subject
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .map(SearchEvent.search))
      }
    }
  }

  /// What one run recorded: each step's time, kind and event.
  struct Run: Equatable {
    var times: [Duration] = []
    var kinds: [StepKind] = []
    var events: [SearchEvent?] = []
    var searchesBeforeTheLastWindow = 0
  }

  /// One run: keystrokes at 0, 100 and 500 ms; the debounced searches land 300 ms after
  /// the last keystroke of each burst.
  static func runOnce() -> Run {
    let scheduler = TestScheduler()
    let keystrokes = Keystrokes()
    let loop = LoopRecorder(
      search(keystrokes, scheduler: scheduler.combine), scheduler: scheduler, exhaustivity: .off(), writesTrace: false)
    keystrokes.subject.send("f")
    scheduler.advance(by: .milliseconds(100))
    keystrokes.subject.send("fe")
    scheduler.advance(by: .milliseconds(400))
    keystrokes.subject.send("fee")
    scheduler.advance(by: .milliseconds(299))
    let before = loop.state.searches.count
    scheduler.advance(by: .milliseconds(1))
    keystrokes.subject.send(completion: .finished)
    scheduler.advance()
    var run = Run(searchesBeforeTheLastWindow: before)
    for step in loop.steps {
      run.times.append(step.time)
      run.kinds.append(step.step.kind)
      run.events.append(step.step.event)
    }
    return run
  }

  @Test func aDebouncedPublisherRunsOnVirtualTime() {
    let scheduler = TestScheduler()
    let keystrokes = Keystrokes()
    let loop = LoopRecorder(search(keystrokes: keystrokes, scheduler), scheduler: scheduler)
    keystrokes.subject.send("f")
    scheduler.advance(by: .milliseconds(100))
    keystrokes.subject.send("fe")
    scheduler.advance(by: .milliseconds(299))
    #expect(loop.state.searches.isEmpty)
    scheduler.advance(by: .milliseconds(1))  // 300 ms after "fe"
    loop.receive(.search("fe"), from: "keystrokes") { $0.searches = ["fe"] }
    #expect(scheduler.now == .milliseconds(400))
    keystrokes.subject.send(completion: .finished)
    scheduler.advance()
    loop.finish()  // the effect finished with its publisher: nothing left running
  }

  private func search(keystrokes: Keystrokes, _ scheduler: TestScheduler) -> System<Search, SearchEvent> {
    Self.search(keystrokes, scheduler: scheduler.combine)
  }

  @Test func tenThousandRunsAreIdentical() {
    let first = Self.runOnce()
    let searches = first.times.indices.compactMap { index -> String? in
      guard first.kinds[index] == .event, case .search(let text)? = first.events[index] else { return nil }
      let time = first.times[index]
      return "\(text) at \(time)"
    }
    #expect(searches == ["fe at 0.4 seconds", "fee at 0.8 seconds"])
    #expect(first.searchesBeforeTheLastWindow == 1)
    var differing = 0
    for _ in 1..<10_000 where Self.runOnce() != first { differing += 1 }
    #expect(differing == 0)
  }

  @Test func aCancelledEffectCancelsItsSubscription() {
    let cancellations = Counter()
    let subscriptions = Counter()
    let keystrokes = Keystrokes()
    let system = System<Int, String>(initial: 0) {
      Reducer { state, _ in state += 1 }
      Feedback("echo", strategy: .cancelOnNewState) { (_: Int) in
        keystrokes.subject
          .handleEvents(
            receiveSubscription: { _ in subscriptions.increment() }, receiveCancel: { cancellations.increment() })
      }
    }
    let scheduler = TestScheduler()
    let loop = LoopRecorder(system, scheduler: scheduler)
    #expect(subscriptions.count == 1)
    #expect(cancellations.count == 0)
    loop.send("next") { $0 = 1 }  // a new state cancels the running subscription, starts another
    #expect(cancellations.count == 1)
    #expect(subscriptions.count == 2)
    keystrokes.subject.send("from the second subscription")
    scheduler.advance()
    loop.receive("from the second subscription", from: "echo") { $0 = 2 }
    #expect(cancellations.count == 2)
    #expect(subscriptions.count == 3)
    loop.skipInFlightEffects()
    loop.finish()  // stopping the loop cancels the last one
    #expect(cancellations.count == 3)
  }

  @Test func aPublisherThatFinishesAtOnceEmitsAndFinishes() {
    let system = System<Int, String>(initial: 0) {
      Reducer { state, _ in state += 1 }
      Feedback("just", strategy: .continueOnNewState) { (state: Int) in
        (state < 2 ? Just("more").eraseToAnyPublisher() : Empty().eraseToAnyPublisher())
      }
    }
    let loop = LoopRecorder(system)
    loop.receive("more", from: "just") { $0 = 1 }
    loop.receive("more", from: "just") { $0 = 2 }
    loop.finish()
  }
}
