import FeedbackDiagram
import Foundation
import Testing
import FeedbackLoopSupport

/// The renderer from many threads: libgvc is not thread-safe, so every render takes the
/// renderer's one lock; none fails and none crashes.
@Suite(.timeLimit(.minutes(3))) struct RendererThreadTests {
  /// 1,250 (10,000 renders in all); 25 under ThreadSanitizer (see `ThreadLoad`).
  static let rendersPerThread = ThreadLoad.iterations(1_250)

  @Test func rendersFromEightThreadsAtOnceAllSucceed() {
    let dot = "digraph { a -> b }"
    let failures = Protected(0), successes = Protected(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<Self.rendersPerThread {
        do {
          _ = try GraphvizRenderer.shared.render(dot: dot, format: "dot")
          successes.withLock { $0 += 1 }
        } catch {
          failures.withLock { $0 += 1 }
        }
      }
    }
    #expect(successes.withLock { $0 } == 8 * Self.rendersPerThread)
    #expect(failures.withLock { $0 } == 0)
  }
}
