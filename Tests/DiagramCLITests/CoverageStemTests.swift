import DiagramCLI
import FeedbackCoverage
import FeedbackDiagram
import Foundation
import Testing

/// Coverage figures are named like the render's: two systems whose names make the same
/// safe stem get distinct files, and a system already drawn in the folder keeps its stem.
@Suite struct CoverageStemTests {
  /// A copy of the complete TrafficLight trace in `folder`, recorded as system `name` (its
  /// header and graph renamed).
  static func trace(named name: String, in folder: URL) throws {
    let text = try String(contentsOfFile: Fixtures.path("complete"), encoding: .utf8)
    let json = String(data: try JSONEncoder().encode(name), encoding: .utf8)!
    let renamed = text.replacingOccurrences(of: "\"TrafficLight\"", with: json)
    #expect(renamed != text)
    try renamed.write(
      to: folder.appendingPathComponent("\(UUID().uuidString).jsonl"), atomically: true, encoding: .utf8)
  }

  @Test func namesThatMakeTheSameStemGetDistinctFiles() throws {
    let traces = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: traces) }
    try Self.trace(named: "Light/1", in: traces)
    try Self.trace(named: "Light 1", in: traces)
    let run = try CoverageRun(paths: [traces.path], registered: [])
    #expect(run.coverages.map(\.graph.name) == ["Light 1", "Light/1"])
    #expect(try run.files(formats: [.dot]).map(\.name) == ["Light_1.coverage.dot", "Light_1-2.coverage.dot"])
    // A system the folder's manifest already gives a stem keeps it.
    #expect(
      try run.files(formats: [.dot], recorded: ["Light/1": "Light_1", "Light 1": "Light_1-2"]).map(\.name)
        == ["Light_1-2.coverage.dot", "Light_1.coverage.dot"])
  }
}
