// The replay snippet of the "Traces, coverage and replay" and "Testing a loop" articles
// (FeedbackLoopTesting), as written there: if this file stops compiling or passing, so do they.
import FeedbackLoop
import FeedbackLoopTracing
import FeedbackLoopExamples
import FeedbackLoopTesting
import Foundation
import Testing

@Suite struct ReadmeReplaySnippetTests {
  /// A trace of the example traffic light, recorded by an app's `TraceWriter`.
  static func recordedSession() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-replay-\(UUID().uuidString)")
    let system = TrafficLight.system
    let scheduler = TestScheduler()
    let writer = try TraceWriter(
      recording: system, scheduler: scheduler, to: directory, policy: .rotatingFiles(stepsPerFile: 10_000, keep: 1))
    let loop = Loop(system, scheduler: scheduler, onStep: writer.record)  // as the README writes it
    scheduler.advance(by: .seconds(30))
    loop.send(.emergency)
    scheduler.advance(by: .seconds(30))
    loop.stop()
    writer.close()
    return try #require(writer.status.files.first)
  }

  @Test func recordedSessionsStillReplay() throws {
    let url = try Self.recordedSession()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    // The article's lines:
    let replay = try TraceReplay(contentsOf: url, system: TrafficLight.system)
    let result = replay.run()
    #expect(result.passed)
    #expect(result.matchedSteps == replay.trace.steps.count)
  }
}
