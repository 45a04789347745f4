import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopSupport
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The trace viewer page (issue #25) without a browser: self-contained, its figure's ids
/// are those the steps name, its data is safe inside `<script>` and reads back exactly
/// whatever the names hold. The browser tests (DiagramCLITests) drive it.
@Suite struct TraceViewerPageTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  static func failing() throws -> Trace {
    try Trace.decodeJSONLines(Data(contentsOf: fixtures.appendingPathComponent("TrafficLight-failing.jsonl")))
  }

  /// The JSON between the page's data tag and where a browser ends it, parsed: the first
  /// `</script` in any case followed by whitespace, `/` or `>` (HTML's script data rule).
  static func data(_ page: String) throws -> [String: Any] {
    let open = try #require(page.range(of: #"<script type="application/json" id="tv-data">"#))
    let close = try #require(page[open.upperBound...].firstRange(of: /(?i)<\/script[\t\n\f\r \/>]/))
    let object = try JSONSerialization.jsonObject(with: Data(page[open.upperBound..<close.lowerBound].utf8))
    return try #require(object as? [String: Any])
  }

  /// A step column of the page's data (``TraceViewerColumns/Step``), one value per step:
  /// runs (`-n`: n more of the previous value) expanded, trailing nones restored.
  static func column(_ name: String, of data: [String: Any]) throws -> [Int] {
    let count = try #require(data["count"] as? Int)
    let written = try #require((data["steps"] as? [String: Any])?[name] as? [Int], "no step column \(name)")
    var values: [Int] = []
    for value in written {
      values += value < 0 ? Array(repeating: values.last ?? 0, count: -value) : [value]
    }
    return values + Array(repeating: 0, count: count - values.count)
  }

  /// The effects' bars as rows `[start, end, lane, row, ending, effect]`, from their columns.
  static func bars(_ data: [String: Any]) throws -> [[Int]] {
    let bars = try #require(data["bars"] as? [String: [Int]])
    let columns = try ["start", "end", "lane", "row", "ending", "effect"].map { try #require(bars[$0]) }
    return columns[0].indices.map { row in columns.map { $0[row] } }
  }

  /// The inline SVG element of the page, as XML.
  static func svg(_ page: String) throws -> String {
    let start = try #require(page.range(of: "<svg id=\"tv-svg\""))
    let end = try #require(page[start.lowerBound...].range(of: "</svg>"))
    return String(page[start.lowerBound..<end.upperBound])
  }

  @Test func thePageIsSelfContainedAndOpensAtTheFailingStep() throws {
    let trace = try Self.failing()
    let page = TraceViewerPage(graph: try #require(trace.header.graph), trace: trace)
    let html = try page.render()
    #expect(page.openingStep == 10)
    #expect(page.fileName(stem: "TrafficLight") == "TrafficLight.emergencyWhileYellow.trace.html")
    // The report page's policy, and nothing from outside (the SVG's namespaces are names, not requests).
    #expect(
      html.contains(
        #"content="default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'""#
      ))
    let outside = html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
      .replacingOccurrences(of: "http://www.w3.org/1999/xlink", with: "")
    #expect(!outside.contains("http:") && !outside.contains("https:") && !html.contains(" src="))
    #expect(!html.contains("<?xml") && !html.contains("<!DOCTYPE svg") && !html.contains("<!-- Generated"))
    #expect(html.contains("prefers-color-scheme: dark"))
    let data = try Self.data(html)
    #expect(data["failing"] as? Int == 10)
    #expect(data["failingStep"] as? Int == 10)
    #expect(data["count"] as? Int == 15)
    #expect(try Self.column("time", of: data).count == 15)
  }

  /// The article's snippet (DiagramCLI, "Stepping through a trace"), as written there.
  @Test func theArticlesSnippetWritesAPage() throws {
    let trace = try Self.failing()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viewer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = TraceViewerPage(graph: trace.header.graph!, trace: trace)
    try page.render().write(
      to: folder.appendingPathComponent(page.fileName(stem: "TrafficLight")), atomically: true, encoding: .utf8)
    let written = try String(
      contentsOf: folder.appendingPathComponent("TrafficLight.emergencyWhileYellow.trace.html"), encoding: .utf8)
    #expect(written.hasPrefix("<!doctype html>") && written.contains("<h1>TrafficLight · emergencyWhileYellow</h1>"))
  }

  /// Every edge id a step names is an edge of the inline figure, every state id a node,
  /// and the step that took the wildcard `emergency` names its merged edge.
  @Test func theStepsNameTheFiguresOwnIds() throws {
    let trace = try Self.failing()
    let html = try TraceViewerPage(graph: try #require(trace.header.graph), trace: trace).render()
    let data = try Self.data(html), svg = try Self.svg(html)
    let strings = try #require(data["strings"] as? [String])
    // Each value a position plus one, 0 for none.
    let edges = try Self.column("edge", of: data).filter { $0 > 0 }.map { strings[$0 - 1] }
    let nodes = Set(try Self.column("node", of: data).filter { $0 > 0 }.map { "state_\($0 - 1)" })
    #expect(edges == ["initial_edge", "edge_t0", "edge_t1", "edge_t3"])
    #expect(nodes == ["state_0", "state_1", "state_2"])
    for id in edges + nodes {
      #expect(svg.contains("id=\"\(id)\""), "\(id) is not in the figure")
    }
  }

  /// The effects' bars follow the lifecycle rule: each ends at its first `effectFinished`
  /// or `effectCancelled`; one whose end the trace does not hold is still running.
  @Test func effectsRunFromTheirStartToTheirEnd() throws {
    let trace = try Self.failing()
    let data = try Self.data(try TraceViewerPage(graph: try #require(trace.header.graph), trace: trace).render())
    // [start, end, lane, row, ending (0 finished, 1 cancelled, 2 running), effect]
    let bars = try Self.bars(data)
    #expect(bars == [[1, 4, 0, 0, 1, 0], [5, 8, 0, 0, 1, 1], [9, 11, 0, 0, 1, 2], [12, 13, 0, 0, 1, 3]])
    var cut = trace
    cut.steps.removeLast(4)  // up to step #10: effect #2 started at #9, not yet cancelled
    let running = try Self.data(try TraceViewerPage(graph: try #require(cut.header.graph), trace: cut).render())
    #expect(try Self.bars(running).last == [9, -1, 0, 0, 2, 2])
  }

  /// Names from all of Unicode (seeded, as the figures' round-trip test draws them), put
  /// into every string the page shows: the data block ends where the page ends it and
  /// reads back exactly; the heading holds the name as text; the figure is XML.
  @Test func everyPrintableNameReadsBackExactlyAndStaysText() throws {
    var random = SplitMix64(seed: 25)
    var checked = 0
    for _ in 0..<60 {
      var name = NameRoundTripTests.name(&random)
      if NameRoundTripTests.isUnprintable(name) { continue }
      if name.utf8.count > 20_000 { name = String(name.prefix(2_000)) }
      name += "</script><!-- \u{2028}\u{2029} </SCRIPT "
      let graph = NameRoundTripTests.graph(name)
      let trace = Trace(
        header: TraceHeader(graph: graph, test: name, outcome: .failed(at: 1, message: name)),
        steps: [
          TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, after: name, afterNode: name, stateJSON: "{\"a\":1}"),
          TraceStep(
            index: 1, timeNanoseconds: 5, kind: .event, transition: 0, event: name, eventNode: "ev",
            eventJSON: ScriptJSON.quoted(name).replacingOccurrences(of: "\\u003c", with: "<"), before: name,
            after: "other", beforeNode: name, afterNode: "other", stateJSON: "{\"a\":2}"),
        ])
      let html = try TraceViewerPage(graph: graph, trace: trace).render()
      let data = try Self.data(html)
      #expect(data["system"] as? String == name)
      #expect(data["test"] as? String == name)
      #expect(data["message"] as? String == name)
      let strings = try #require(data["strings"] as? [String])
      #expect(strings.contains(name))
      #expect(html.contains("<h1>\(HTMLText.escaped(name)) · \(HTMLText.escaped(name))</h1>"))
      #expect(html.contains("<title>\(HTMLText.escaped(name)) · \(HTMLText.escaped(name))</title>"))
      #if canImport(FoundationXML) || canImport(Darwin)
        let titles = try XMLParsing.document(Data(try Self.svg(html).utf8)) { document in
          try document.nodes(forXPath: "//@*[local-name()='title']").map { $0.stringValue ?? "" }
        }
        #expect(titles.contains(name))
      #endif
      checked += 1
    }
    #expect(checked > 30)
  }

  @Test(arguments: [
    "</script>", "</SCRIPT >", "<!--", "-->", "\u{2028}", "\u{2029}", "\u{0}\u{1F}\u{7F}", "\"\\/", "&amp; <b>",
    "e\u{301}\"\u{301}",
  ])
  func scriptJSONIsSafeInsideAScriptAndReadsBack(text: String) throws {
    let quoted = ScriptJSON.quoted(text)
    for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}", "\u{0}", "\u{7F}"] {
      #expect(!quoted.unicodeScalars.contains(forbidden.unicodeScalars.first!), "\(quoted.debugDescription)")
    }
    let read = try JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String]
    #expect(read == [text])
  }
}
