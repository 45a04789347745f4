import DiagramCLI
import FeedbackGraph
import Foundation
import Testing

/// Issue #19, item 4 (the provenance rule): `diagram coverage` counts the traces tests
/// wrote, lists the others it left out and why, and counts them only when asked.
@Suite struct CoverageProvenanceTests {
  /// A folder with the complete fixture trace rewritten as if `origin` (and `test`) wrote it,
  /// once per entry of `writers`.
  static func folder(_ writers: [(name: String, test: String?, origin: TraceOrigin?)]) throws -> URL {
    let folder = try Fixtures.temporaryFolder()
    let recorded = try Trace.decodeJSONLines(Data(contentsOf: URL(fileURLWithPath: Fixtures.path("complete"))))
    for writer in writers {
      var trace = recorded
      trace.header.test = writer.test
      trace.header.origin = writer.origin
      try trace.jsonLines().write(to: folder.appendingPathComponent(writer.name))
    }
    return folder
  }

  @Test func coverageOfAFolderOfExplorerTracesReportsNoTestCoverage() throws {
    let folder = try Self.folder([
      ("a.jsonl", "explorer: covering path 1", .explorer),
      ("b.jsonl", nil, .app),
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try CoverageRun(paths: [folder.path], registered: [Fixtures.graph])
    #expect(run.coverages.isEmpty)
    #expect(run.untraced.map(\.name) == ["TrafficLight"])
    #expect(
      run.warnings == [
        "left out \(folder.path)/a.jsonl: written by the explorer, not by a test (--include explorer counts it)",
        "left out \(folder.path)/b.jsonl: written by an app's trace writer, not by a test (--include app counts it)",
      ])
    #expect(
      run.table() == """
        system        transitions    states  traces  steps
        TrafficLight     0/4 (0%)  0/3 (0%)       0      0

        """)
    #expect(
      throws: DiagramCLIError.belowMinimum([
        "coverage below the minimum: TrafficLight: no traces",
        "  TrafficLight: no traces of tests (2 traces not written by a test left out)",
      ])
    ) {
      try run.requireMinimum(transitions: 0.5, states: nil)
    }
  }

  @Test func otherTracesCountOnlyWhenAsked() throws {
    let folder = try Self.folder([
      ("a.jsonl", "explorer: covering path 1", .explorer), ("t.jsonl", "lightCycles", .test),
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let tests = try CoverageRun(paths: [folder.path], registered: [Fixtures.graph])
    #expect(tests.coverages.map(\.traces) == [1])
    let both = try CoverageRun(paths: [folder.path], registered: [Fixtures.graph], counting: [.test, .explorer])
    #expect(both.coverages.map(\.traces) == [2])
    #expect(both.warnings.isEmpty)
  }

  @Test func tracesFromBeforeHeadersSaidWhoWroteThemCountAsTestsWhenTheyNameATest() throws {
    let folder = try Self.folder([
      ("old-test.jsonl", "lightCycles", nil),
      ("old-explorer.jsonl", "explorer: covering path 1", nil),
      ("old-app.jsonl", nil, nil),
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try CoverageRun(paths: [folder.path], registered: [Fixtures.graph])
    #expect(run.coverages.map(\.traces) == [1])
    #expect(run.leftOut.map(\.origin) == [.app, .explorer])
  }

  @Test func theCommandTakesIncludeOptions() throws {
    let folder = try Self.folder([("a.jsonl", "explorer: covering path 1", .explorer)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out").path
    try Fixtures.run(["coverage", folder.path, "--include", "explorer", "--format", "dot", "--output", output])
    #expect(FileManager.default.fileExists(atPath: output + "/TrafficLight.coverage.dot"))
    #expect(throws: (any Error).self) {
      try Fixtures.run(["coverage", folder.path, "--include", "test"])
    }
  }
}
