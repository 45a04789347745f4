import AsyncAlgorithms
import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// swift-async-algorithms' `throttle` on a `Feedback.states` sequence, given the loop's
/// clock: under a `TestScheduler` it passes the first state at once, then the latest state
/// once a second of virtual time has passed since the last one it passed.
@Suite struct ThrottleOnTheLoopsClockTests {
  struct Counter: Equatable, Sendable {
    var count = 0
    var seen: [Int] = []
  }

  enum CounterEvent: Equatable, Sendable {
    case tick
    case saw(Int)
  }

  static let counter = System<Counter, CounterEvent>("Counter", initial: Counter()) {
    Reducer { state, event in
      switch event {
      case .tick: state.count += 1
      case .saw(let count): state.seen.append(count)
      }
    }
    Feedbacks { throttled }
  }

  static let throttled = Feedback<Counter, CounterEvent>.states("throttle", emits: [.saw(0)]) { states, clock in
    states.map(\.count).removeDuplicates()
      ._throttle(for: .seconds(1), clock: clock, latest: true)  // underscored in swift-async-algorithms 1.1
      .map(CounterEvent.saw)
  }

  /// Ticks every 100 ms for 2.5 s; returns when each `saw` was reduced.
  static func tickForTwoAndAHalfSeconds() -> [String] {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(counter, scheduler: scheduler, exhaustivity: .off(showSkipped: false), writesTrace: false)
    scheduler.advance()
    for _ in 0..<25 {
      scheduler.advance(by: .milliseconds(100))
      loop.send(.tick)
    }
    scheduler.advance(by: .seconds(1))
    let seen = loop.steps.compactMap { step -> String? in
      guard case .reduced(.saw(let count), _, _, _, _) = step.step else { return nil }
      return "\(step.time): \(count)"
    }
    loop.finish()
    return seen
  }

  @Test func theLatestStateOncePerSecondOfVirtualTime() {
    #expect(Self.tickForTwoAndAHalfSeconds() == ["0.0 seconds: 0", "1.0 seconds: 10", "2.0 seconds: 20"])
  }

  @Test func everyRunThrottlesAlike() {
    var outcomes: Set<[String]> = []
    for _ in 0..<50 { outcomes.insert(Self.tickForTwoAndAHalfSeconds()) }
    #expect(outcomes.count == 1, "\(outcomes)")
  }
}
