import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTracing
import Foundation
import Testing

/// A `TraceWriter` on a queue loop that eight threads send to at once: every step is
/// written, in the order the loop reduced it. Synchronisation is `flush()`, never time.
@Suite(.timeLimit(.minutes(3))) struct TracedConcurrentSendTests {
  @Test func everyEventSentFromEightThreadsToAQueueLoopIsWrittenInOrder() throws {
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
      policy: .rotatingFiles(stepsPerFile: 30_000, keep: 10), pendingLimit: 100_000)
    defer { writer.close() }
    let loop = Loop(system, scheduler: scheduler, onStep: writer.record)
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for number in 0..<10_000 { loop.send(Sent(thread: thread, number: number)) }
    }
    scheduler.queue.sync {}  // every turn scheduled by the sends above has run
    writer.flush()

    #expect(loop.state == 80_000)
    let status = writer.status
    #expect(status.droppedSteps == 0)
    #expect(status.recordedSteps == 80_001)
    #expect(status.files.count == 3)
    let steps = try status.files.flatMap { try Trace.decodeJSONLines(Data(contentsOf: $0), source: $0.path).steps }
    // Compared by first mismatch: a failure names one line instead of diffing 80,001.
    #expect(steps.count == 80_001)
    #expect(steps.indices.first { steps[$0].index != $0 } == nil, "first step out of place")
    // In the order the loop reduced them: the state counts up by one per line…
    #expect(steps.indices.first { steps[$0].stateAfter != "\($0)" } == nil, "first state out of order")
    // …and each thread's events appear once each, in the order that thread sent them.
    let sent = steps.compactMap(\.event)
    for thread in 0..<8 {
      let received = sent.filter { $0.hasPrefix("Sent(thread: \(thread),") }
      #expect(received.count == 10_000)
      #expect(
        received.indices.first { received[$0] != "\(Sent(thread: thread, number: $0))" } == nil,
        "thread \(thread)'s first event out of order")
    }
  }
}
