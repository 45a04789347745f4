import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import Testing

/// The DOT of every example figure, compared with one set of golden files: the states and
/// loop figures with the committed `Diagrams/` (what the README shows; `Scripts/diagrams`
/// writes them, CI checks them), the figures of test fixtures (a coverage figure, a failing
/// trace) with `__Snapshots__`. Re-record the first with `Scripts/diagrams`, the second with
/// `RECORD_SNAPSHOTS=1 swift test --filter TraceFigureTests`, and review the diff.
@Suite struct GoldenDOTTests {
  /// The golden files of figures drawn from test fixtures (none of them is in `Diagrams/`).
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "__Snapshots__")
  /// The committed example figures.
  static let diagrams = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Diagrams")
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
    let file = Self.diagrams.appendingPathComponent("\(name).dot")
    let golden = try String(contentsOf: file, encoding: .utf8)
    #expect(
      dot == golden, "DOT of \(name) differs from Diagrams/\(file.lastPathComponent); run Scripts/diagrams if intended")
  }

  @Test func mermaidStartsFromTheInitialState() {
    let text = MermaidWriter.text(for: TrafficLight.system.graph)
    #expect(text.contains("stateDiagram-v2"))
    #expect(text.contains("[*] --> s1"))  // red is s1: states sorted green, red, yellow
    #expect(text.contains("s0 --> s1 : * emergency"))  // the wildcard, drawn from every state
  }
}
