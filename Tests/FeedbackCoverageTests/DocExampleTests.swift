import FeedbackCoverage
import FeedbackGraph
import FeedbackLoop
import Foundation
import Testing

/// The doc comments' examples of `Coverage` and `CoverageCollector`, verbatim (checked by
/// DocCommentMirrorCheckTests), run against a user's traffic light and a trace of it.
@Suite struct DocExampleTests {
  enum Light: Hashable, Sendable { case red, green, yellow }
  enum Signal: Hashable, Sendable { case tick, emergency }

  static let trafficLight = System<Light, Signal>("TrafficLight", initial: .red) {
    Transitions {
      Transition(from: .red, on: .tick, to: .green)
      Transition(from: .green, on: .tick, to: .yellow)
      Transition(from: .yellow, on: .tick, to: .red)
      Transition(from: .any, on: .emergency, to: .red)
    }
  }

  /// A folder holding one trace of the light around its cycle (3 of its 4 transitions).
  static func folder() throws -> URL {
    let cycle = ["red", "green", "yellow", "red"]
    var steps = [TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, after: "red", afterNode: "red")]
    for index in 1..<cycle.count {
      steps.append(
        TraceStep(
          index: index, timeNanoseconds: 0, kind: .event, transition: TransitionID(index - 1), event: "tick",
          eventNode: "tick", before: cycle[index - 1], after: cycle[index], beforeNode: cycle[index - 1],
          afterNode: cycle[index]))
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doc-example-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let trace = Trace(header: TraceHeader(graph: trafficLight.graph, test: "cycle"), steps: steps)
    try trace.jsonLines().write(to: folder.appendingPathComponent("light.jsonl"))
    return folder
  }

  @Test func theCoverageExampleReadsOneTrace() throws {
    let trafficLight = Self.trafficLight
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("light.jsonl")

    var coverage = Coverage(graph: trafficLight.graph)
    var reader = try TraceReader(contentsOf: url)
    _ = try reader.header()
    coverage.beginTrace()
    while let step = try reader.next() { coverage.add(step) }
    print(coverage.transitionFraction)  // 3/4

    #expect(coverage.transitionFraction.description == "3/4")
  }

  @Test func theCollectorExampleMeasuresAFolder() throws {
    let trafficLight = Self.trafficLight
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tracesFolder = folder.path

    let files = try TraceFiles.find([tracesFolder])
    let report = try CoverageCollector(registered: [trafficLight.graph]).measure(files)
    for skipped in report.skipped { print(skipped) }

    #expect(report.skipped.isEmpty)
    #expect(report.coverages.map(\.transitionFraction.description) == ["3/4"])
  }
}
