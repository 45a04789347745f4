import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopTesting
import Foundation
import Testing

/// The doc comment's example of `TraceReplay`, verbatim (DocCommentMirrorCheckTests): a
/// recorded session of the traffic light replays.
@Suite(.timeLimit(.minutes(3))) struct TraceReplayDocCommentTests {
  /// A session of the traffic light (a tick, an emergency), recorded to a file of its own.
  let traceURL: URL = {
    let loop = LoopRecorder(TrafficLight.system, writesTrace: false)
    loop.receiveNothing(before: .seconds(30))
    loop.receive(.tick, from: "timer", at: .seconds(30)) { $0 = .green }
    loop.send(.emergency) { $0 = .red }
    loop.skipInFlightEffects()
    loop.finish()
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("doc-replay-\(UUID().uuidString).jsonl")
    try? loop.trace.jsonLines().write(to: url)
    return url
  }()

  @Test func recordedSessionsStillReplay() throws {
    let replay = try TraceReplay(contentsOf: traceURL, system: TrafficLight.system)
    replay.run()  // fails here, with a diff, at the first diverging step
  }

  /// The same session against a light whose emergency turns it yellow fails at that step.
  @Test func aChangedSystemFailsAtTheDivergingStep() throws {
    defer { try? FileManager.default.removeItem(at: traceURL) }
    let changed = System<TrafficLight.Light, TrafficLight.Signal>("TrafficLight", initial: .red) {
      Transitions {
        Transition(from: .red, on: .tick, to: .green)
        Transition(from: .any, on: .emergency, to: .yellow)
      }
      Feedback("timer", emits: [.tick]) { (_: TrafficLight.Light, clock) in
        try await clock.sleep(for: .seconds(30))
        return .tick
      }
    }
    let replay = try TraceReplay(contentsOf: traceURL, system: changed)
    let messages = failureMessages { replay.run() }
    #expect(messages.first?.contains("emergency") == true, "\(messages)")
  }
}
