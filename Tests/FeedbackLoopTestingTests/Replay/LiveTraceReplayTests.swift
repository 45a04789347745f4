import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTracing
import FeedbackLoopTesting
import Foundation
import Testing
import FeedbackLoopSupport

/// A trace an app records with `TraceWriter`, on a real queue and real time, replays on
/// virtual time to the same states — its effects answered from the trace, not run.
@Suite(.timeLimit(.minutes(3))) struct LiveTraceReplayTests {
  @Test func aQueueSchedulerRecordingReplaysOnVirtualTimeToTheSameStates() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-replay-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let networkCalls = Protected(0)
    let system = TraceReplayTests.fetcher(delay: .milliseconds(5), networkCalls: networkCalls)
    let scheduler = QueueScheduler()
    let writer = try TraceWriter(
      recording: system, scheduler: scheduler, to: directory, policy: .rotatingFiles(stepsPerFile: 100_000, keep: 1))
    let loop = Loop(system, scheduler: scheduler, onStep: writer.record)
    var states = loop.states.makeAsyncIterator()
    for page in 1...3 {
      loop.send(.load(page))
      while let state = await states.next(), state != .loaded("page \(page)") {}
    }
    loop.stop()
    writer.close()
    let file = try #require(writer.status.files.first)
    let trace = try Trace.decodeJSONLines(Data(contentsOf: file), source: file.lastPathComponent)
    #expect(trace.header.outcome == .recorded)
    #expect(trace.steps.filter { $0.kind == .effectEmitted }.count == 3)

    let callsBefore = networkCalls.withLock { $0 }
    let result = TraceReplay(trace, system: system, source: file.lastPathComponent).run()
    #expect(result.passed)
    #expect(result.matchedSteps == trace.steps.count)
    #expect(callsBefore == 3)
    #expect(networkCalls.withLock { $0 } == callsBefore)  // replay ran no effect
    let recordedStates = trace.steps.compactMap(\.after)
    #expect(
      recordedStates == [
        "idle", "loading(1)", #"loaded("page 1")"#, "loading(2)", #"loaded("page 2")"#, "loading(3)",
        #"loaded("page 3")"#,
      ])
  }
}
