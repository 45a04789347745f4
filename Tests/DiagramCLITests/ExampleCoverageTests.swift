import DiagramCLI
import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import Testing

/// The examples' coverage figures, drawn from the examples' committed traces, are the
/// committed `Diagrams/<System>.coverage.dot` files (golden DOT), and every transition and
/// state of every example is covered.
@Suite struct ExampleCoverageTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let traces = root.appendingPathComponent("Tests/FeedbackLoopExamplesTests/Traces").path

  @Test func theExamplesTracesDrawTheCommittedCoverageFigures() throws {
    let run = try CoverageRun(paths: [Self.traces], registered: ExampleCatalog.graphs)
    #expect(run.skipped.isEmpty, "\(run.warnings)")
    let files = try run.files(formats: [.dot])
    #expect(files.map(\.name) == ExampleCatalog.graphs.map { "\($0.name).coverage.dot" })
    for file in files {
      let golden = try String(contentsOf: Self.root.appendingPathComponent("Diagrams/\(file.name)"), encoding: .utf8)
      #expect(
        String(decoding: file.data, as: UTF8.self) == golden, "\(file.name) differs: run Scripts/traces and review")
    }
  }

  @Test func everyExampleIsFullyCovered() throws {
    let run = try CoverageRun(paths: [Self.traces], registered: ExampleCatalog.graphs)
    try run.requireMinimum(transitions: 1.0, states: 1.0)
    #expect(run.coverages.count == ExampleCatalog.graphs.count)
  }
}
