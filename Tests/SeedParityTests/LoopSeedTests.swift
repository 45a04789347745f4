#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import FeedbackLoop
import FeedbackLoopCombine
import FeedbackLoopTesting
import XCTest

/// Seed 001 (Loop, ReactiveFeedback's successor): its counter with a
/// `(State, Event) -> State` reduce function and feedbacks that listen to button taps, and
/// the label bound to the system's states (`label.reactive.text <~ system.map(String.init)`).
/// Taps are async sequences here, listened to by async effects.
final class LoopSeedTests: XCTestCase {
  enum Event: Hashable, Sendable { case increment, decrement }

  static func reduce(state count: Int, event: Event) -> Int {
    switch event {
    case .increment: count + 1
    case .decrement: count - 1
    }
  }

  /// A feedback that forwards every tap of `taps` as `event`, for as long as the loop runs.
  static func button(_ name: String, _ taps: AsyncStream<Void>, sends event: Event) -> Feedback<Int, Event> {
    Feedback.whenBecomesTrue(name, emits: [event], { _ in true }) { _ in
      .run { send, _ in
        for await _ in taps { send(event) }
      }
    }
  }

  static func system(plus: AsyncStream<Void>, minus: AsyncStream<Void>) -> System<Int, Event> {
    System(
      "Counter", initial: 0, reduce: reduce,
      feedbacks: [button("increment", plus, sends: .increment), button("decrement", minus, sends: .decrement)])
  }

  func testTapsDriveTheCounter() throws {
    let (plus, plusTaps) = AsyncStream.makeStream(of: Void.self)
    let (minus, minusTaps) = AsyncStream.makeStream(of: Void.self)
    let loop = LoopRecorder(Self.system(plus: plus, minus: minus))
    plusTaps.yield()
    loop.scheduler.advance()
    loop.receive(.increment, from: "increment") { $0 = 1 }
    minusTaps.yield()
    minusTaps.yield()
    loop.scheduler.advance()
    loop.receive(.decrement, from: "decrement") { $0 = 0 }
    loop.receive(.decrement, from: "decrement") { $0 = -1 }
    plusTaps.finish()
    minusTaps.finish()
    loop.scheduler.advance()
    loop.finish()  // both listeners ended with their taps

    let drawing = try Drawing(Self.system(plus: plus, minus: minus))
    XCTAssertEqual(drawing.feedbacks, ["increment emits increment", "decrement emits decrement"])
    XCTAssertTrue(drawing.loop.contains("when a condition becomes true"))
  }

  func testTheLabelFollowsTheStates() {
    let (plus, plusTaps) = AsyncStream.makeStream(of: Void.self)
    let (minus, _) = AsyncStream.makeStream(of: Void.self)
    let scheduler = TestScheduler()
    let loop = Loop(Self.system(plus: plus, minus: minus), scheduler: scheduler)
    var label: [String] = []
    let binding = loop.statesPublisher.map(String.init).sink { label.append($0) }
    scheduler.advance()
    plusTaps.yield()
    plusTaps.yield()
    scheduler.advance()
    XCTAssertEqual(label, ["0", "1", "2"])
    binding.cancel()
    loop.stop()
  }
}
