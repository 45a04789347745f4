import FeedbackLoopSupport
import Foundation
import Testing

@testable import FeedbackLoopInspector

/// The server answers while every thread of Swift's shared pool is blocked (an app's or a
/// test process's synchronous waits): its tasks run on ``InspectorThreads``.
@Suite struct InspectorThreadsTests {
  @Test func theServerAnswersWhileTheSharedPoolIsBlocked() async throws {
    try await InspectorServerTests.withServer { port in
      let ready = try await InspectorServerTests.firstLoop(port: port)
      try #require(ready.status == 200)
      let target = "/loop/1?token=\(InspectorServerTests.token.text)"
      let (status, blockedAtRequest) = Self.requestWithThePoolBlocked(target, port: port)
      #expect(blockedAtRequest < Self.blockers, "the pool had a thread to spare: the test proves nothing")
      #expect(
        status == 200, "no answer while the shared pool was blocked (status \(status.map(String.init) ?? "none"))")
    }
  }

  static let blockers = 64

  /// More blocked tasks than the pool has threads; then `GET target` from a thread of its
  /// own, waiting 20 s at most. The reply's status (`nil`: none), and how many blockers had
  /// started (a thread) when it came.
  static func requestWithThePoolBlocked(_ target: String, port: Int) -> (status: Int?, started: Int) {
    let release = DispatchSemaphore(value: 0)
    let started = Protected(0)
    for _ in 0..<blockers {
      Task.detached {
        started.withLock { $0 += 1 }
        release.wait()
      }
    }
    while started.withLock({ $0 }) == 0 { Thread.sleep(forTimeInterval: 0.01) }
    Thread.sleep(forTimeInterval: 0.2)  // the rest of the pool's threads take blockers too
    let reply = Protected<RawHTTP.Reply?>(nil)
    let answered = DispatchSemaphore(value: 0)
    Thread {
      reply.withLock { $0 = try? RawHTTP.blockingGet(target, port: port, timeout: 20) }
      answered.signal()
    }.start()
    answered.wait()
    let startedAtReply = started.withLock { $0 }
    for _ in 0..<blockers { release.signal() }
    return (reply.withLock { $0?.status }, startedAtReply)
  }
}
