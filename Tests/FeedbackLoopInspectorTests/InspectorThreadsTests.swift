import FeedbackLoopSupport
import Foundation
import Testing

@testable import FeedbackLoopInspector

/// The server answers while every thread of Swift's shared pool is blocked (an app's or a
/// test process's synchronous waits): its tasks run on ``InspectorThreads``.
@Suite struct InspectorThreadsTests {
  @Test func theServerAnswersWhileTheSharedPoolIsBlocked() async throws {
    let folder = try TraceFolder()
    try folder.create("TrafficLight-1.jsonl", try TraceFolder.trace(0..<3))
    let token = InspectorToken(text: "0123456789abcdef0123456789abcdef")
    let inspector = try Inspector(configuration: InspectorConfiguration(folder: folder.url), token: token)
    let port = Protected<Int?>(nil)
    let server = Task { try await inspector.run { url in port.withLock { $0 = url.port } } }
    defer { server.cancel() }
    let deadline = ContinuousClock.now + .seconds(600)
    while port.withLock({ $0 }) == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
    let bound = try #require(port.withLock { $0 })
    let target = "/loop/1?token=\(token.text)"
    var ready = try await RawHTTP.get(target, port: bound)
    for _ in 0..<100 where ready.status != 200 {
      try await Task.sleep(for: .milliseconds(50))
      ready = try await RawHTTP.get(target, port: bound)
    }
    try #require(ready.status == 200)

    let (status, blockedAtRequest) = Self.requestWithThePoolBlocked(target, port: bound)
    #expect(blockedAtRequest < Self.blockers, "the pool had a thread to spare: the test proves nothing")
    #expect(status == 200, "no answer while the shared pool was blocked (status \(status.map(String.init) ?? "none"))")
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
