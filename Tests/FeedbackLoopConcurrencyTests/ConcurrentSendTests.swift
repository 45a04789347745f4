import FeedbackLoop
import Foundation
import Testing

/// Events sent from many threads at once: none is lost, and each thread's arrive in its order.
@Suite(.timeLimit(.minutes(3))) struct ConcurrentSendTests {
  enum Event: Hashable, Sendable { case increment }

  /// 125,000 (a million sends in all); 2,500 under ThreadSanitizer (see `ThreadLoad`).
  static let sendsPerThread = ThreadLoad.iterations(125_000)

  // Waits for its threads by awaiting, not by blocking: a test that blocks holds one of the
  // cooperative pool's threads (two on two cores) for as long as it runs, and under
  // ThreadSanitizer that starved every other suite's effects.
  @Test func eightThreadsSendingConcurrentlyLoseNoEvent() async {
    let scheduler = QueueScheduler(label: "ConcurrentSendTests")
    let loop = Loop(System<Int, Event>(initial: 0, reduce: { state, _ in state += 1 }), scheduler: scheduler)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread {
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
          for _ in 0..<Self.sendsPerThread { loop.send(.increment) }
        }
        scheduler.queue.sync {}  // every turn scheduled by the sends above has run
        continuation.resume()
      }.start()
    }
    #expect(loop.state == 8 * Self.sendsPerThread)
  }
}
