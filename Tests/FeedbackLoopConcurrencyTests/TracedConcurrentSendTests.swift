import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTracing
import Foundation
import Testing

/// A `TraceWriter` on a queue loop that eight threads send to at once: every step is
/// written, in the order the loop reduced it. Synchronisation is `flush()`, never time.
@Suite(.timeLimit(.minutes(3))) struct TracedConcurrentSendTests {
  /// 10,000 (80,000 events in all); 200 under ThreadSanitizer (see `ThreadLoad`).
  static let sendsPerThread = ThreadLoad.iterations(10_000)

  @Test func everyEventSentFromEightThreadsToAQueueLoopIsWrittenInOrder() throws {
    let perThread = Self.sendsPerThread, sent = 8 * perThread
    struct Sent: Hashable, Sendable {  // not Codable: steps are described only, which is faster
      var thread: Int
      var number: Int
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("TracedConcurrentSendTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let system = System<Int, Sent>(initial: 0, reduce: { state, _ in state += 1 })
    let scheduler = QueueScheduler(label: "TracedConcurrentSendTests")
    let writer = try TraceWriter(
      recording: system, scheduler: scheduler, to: folder,
      // Three files: two of 3 × perThread steps, and the rest (2 × perThread + 1).
      policy: .rotatingFiles(stepsPerFile: 3 * perThread, keep: 10), pendingLimit: 100_000)
    defer { writer.close() }
    let loop = Loop(system, scheduler: scheduler, onStep: writer.record)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for number in 0..<perThread { loop.send(Sent(thread: thread, number: number)) }
    }
    scheduler.queue.sync {}  // every turn scheduled by the sends above has run
    writer.flush()

    #expect(loop.state == sent)
    let status = writer.status
    #expect(status.droppedSteps == 0)
    #expect(status.recordedSteps == sent + 1)
    #expect(status.files.count == 3)
    let steps = try status.files.flatMap { try Trace.decodeJSONLines(Data(contentsOf: $0), source: $0.path).steps }
    // Compared by first mismatch: a failure names one line instead of diffing them all.
    #expect(steps.count == sent + 1)
    #expect(steps.indices.first { steps[$0].index != $0 } == nil, "first step out of place")
    // In the order the loop reduced them: the state counts up by one per line…
    #expect(steps.indices.first { steps[$0].after != "\($0)" } == nil, "first state out of order")
    // …and each thread's events appear once each, in the order that thread sent them.
    let events = steps.compactMap(\.event)
    for thread in 0..<8 {
      let received = events.filter { $0.hasPrefix("Sent(thread: \(thread),") }
      #expect(received.count == perThread)
      #expect(
        received.indices.first { received[$0] != "\(Sent(thread: thread, number: $0))" } == nil,
        "thread \(thread)'s first event out of order")
    }
  }
}
