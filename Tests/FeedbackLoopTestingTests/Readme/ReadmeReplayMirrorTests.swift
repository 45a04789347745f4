// The README's replay snippet ("Coverage and replay"), verbatim
// (ReadmeMirrorCheckTests fails when they drift apart).
import FeedbackLoop
import FeedbackLoopTracing
import FeedbackLoopExamples
import FeedbackLoopTesting
import Foundation
import Testing

@Suite struct ReadmeReplayMirrorTests {
  @Test func recordedSessionsStillReplay() throws {
    let url = try recordedSession()  // a trace file, e.g. one an app's TraceWriter wrote
    let replay = try TraceReplay(contentsOf: url, system: TrafficLight.system)
    replay.run()
  }

  /// Records the example traffic light with a `TraceWriter`, as an app would, into a new
  /// temporary folder.
  func recordedSession() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "readme-replay-mirror-\(UUID().uuidString)")
    let system = TrafficLight.system
    let scheduler = TestScheduler()
    let writer = try TraceWriter(
      recording: system, scheduler: scheduler, to: directory, policy: .rotatingFiles(stepsPerFile: 10_000, keep: 1))
    let loop = Loop(system, scheduler: scheduler, onStep: writer.record)
    scheduler.advance(by: .seconds(30))
    loop.send(.emergency)
    scheduler.advance(by: .seconds(30))
    loop.stop()
    writer.close()
    return try #require(writer.status.files.first)
  }
}
