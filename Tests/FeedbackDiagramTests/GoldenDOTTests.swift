import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import Testing

/// The DOT of every example figure, compared with committed golden files. Re-record with
/// `RECORD_SNAPSHOTS=1 swift test --filter GoldenDOTTests` and review the diff.
@Suite struct GoldenDOTTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "__Snapshots__")
  static let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"

  static var cases: [String] {
    ExampleCatalog.graphs.flatMap { graph in Figure.allCases.map { "\(graph.name).\($0.rawValue)" } }
  }

  @Test(arguments: cases)
  func dotMatchesTheGoldenFile(name: String) throws {
    let parts = name.split(separator: ".")
    let graph = try #require(ExampleCatalog.graphs.first { $0.name == parts[0] })
    let figure = try #require(Figure(rawValue: String(parts[1])))
    let dot = Diagram.dot(graph, figure: figure)
    #expect(Diagram.dot(graph, figure: figure) == dot)  // byte-identical across runs
    let file = Self.folder.appendingPathComponent("\(name).dot")
    if Self.recording {
      try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
      try Data(dot.utf8).write(to: file)
    }
    let golden = try String(contentsOf: file, encoding: .utf8)
    #expect(
      dot == golden,
      "DOT of \(name) differs from \(file.lastPathComponent); re-record with RECORD_SNAPSHOTS=1 if intended")
  }

  @Test func mermaidStartsFromTheInitialState() {
    let text = MermaidWriter.text(for: TrafficLight.system.graph)
    #expect(text.contains("stateDiagram-v2"))
    #expect(text.contains("[*] --> s1"))  // red is s1: states sorted green, red, yellow
    #expect(text.contains("s0 --> s1 : * emergency"))  // the wildcard, drawn from every state
  }
}
