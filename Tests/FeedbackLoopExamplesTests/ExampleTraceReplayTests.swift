import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopTesting
import Foundation
import Testing

/// Every committed trace of the examples' tests (`Traces/`, recorded by `Scripts/traces`)
/// replays step for step against the examples as they are now.
@Suite struct ExampleTraceReplayTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Traces")

  static var files: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".jsonl") }
      .sorted()
  }

  @Test func everyExampleHasRecordedTraces() {
    let systems = Set(Self.files.map { String($0.prefix { $0 != "-" }) })
    #expect(systems == Set(ExampleCatalog.graphs.map(\.name)))
  }

  @Test(arguments: files)
  func replays(file: String) throws {
    let url = Self.folder.appendingPathComponent(file)
    let trace = try Trace.decodeJSONLines(Data(contentsOf: url), source: file)
    let test = trace.header.test ?? ""
    let result: Bool
    switch trace.header.system {
    case "Counter":
      result =
        TraceReplay(trace, system: Counter.system(initial: test.hasPrefix("marbles") ? 5 : 0), source: file).run()
        .passed
    case "Movies":
      result = TraceReplay(trace, system: Movies.system(), source: file).run().passed
    case "SignIn":
      result = TraceReplay(trace, system: SignIn.system(), source: file).run().passed
    case "TrafficLight" where trace.header.encodesEvents:
      result = TraceReplay(trace, system: TrafficLight.system, source: file).run().passed
    case "TrafficLight":
      // The README's copy of the system has events that are not Codable: name them.
      result =
        TraceReplay(trace, system: TrafficLight.system, source: file) { step in
          step.eventNode == "tick" ? .tick : .emergency
        }.run().passed
    case "Uploader":
      // Replay runs no effect, so the client is never called: the default one stands in.
      result = TraceReplay(trace, system: Uploader.system(), source: file).run().passed
    case "Volume":
      // Volume's events are types (any Volume.Event): decoded from their names.
      let system =
        test.contains("Down") ? Volume.system(initial: 17, target: 15) : Volume.system(initial: 10, target: 13)
      result =
        TraceReplay(trace, system: system, source: file) { step -> any Volume.Event in
          step.eventNode == "Increase" ? Volume.Increase() : Volume.Decrease()
        }.run().passed
    default:
      Issue.record("\(file): no example is named \(trace.header.system)")
      return
    }
    #expect(result, "\(file) no longer replays")
  }
}
