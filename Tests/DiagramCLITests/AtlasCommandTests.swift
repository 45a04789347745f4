import DiagramCLI
import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import Testing

/// `diagram atlas` (issue #9): every file of the atlas written through the output folder's
/// rules, inside the folder whatever the state names, with an index a report can link.
@Suite struct AtlasCommandTests {
  @Test func theAtlasOfARegisteredSystemIsWrittenWithItsIndex() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Fixtures.run(["atlas", "TrafficLight", "--output", folder.path, "--format", "svg,dot"])
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    let expected: Set<String> = [
      "TrafficLight.atlas.svg", "TrafficLight.atlas.dot", "TrafficLight.atlas.html", "TrafficLight.atlas.json",
      "TrafficLight.atlas.focus.green.svg", "TrafficLight.atlas.focus.green.dot", "TrafficLight.atlas.focus.red.svg",
      "TrafficLight.atlas.focus.red.dot", "TrafficLight.atlas.focus.yellow.svg", "TrafficLight.atlas.focus.yellow.dot",
      ".diagram-files",
    ]
    #expect(names == expected)
    let index = try #require(AtlasFiles.index(stem: "TrafficLight", in: folder))
    #expect(index.overview == "TrafficLight.atlas.svg")
    #expect(index.focus.map(\.state) == ["green", "red", "yellow"])
    #expect(
      index.focus.map(\.file) == [
        "TrafficLight.atlas.focus.green.svg", "TrafficLight.atlas.focus.red.svg", "TrafficLight.atlas.focus.yellow.svg",
      ])
    let manifest = try String(contentsOf: folder.appendingPathComponent(".diagram-files"), encoding: .utf8)
    #expect(manifest.contains("TrafficLight.atlas.focus.red.svg"))  // recorded: a later run may replace it
  }

  @Test func hostileStateNamesStayInsideTheFolderAndApart() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let output = root.appendingPathComponent("out")
    let names = ["../escape", "..", "x", "X", String(repeating: "z", count: 300), "/abs/path", ".hidden"]
    let graph = SystemGraph(
      name: "../Hostile", initial: "x", states: names.map { StateNode(id: $0) }, events: [EventNode(id: "e")],
      transitions: [TransitionEdge(id: TransitionID(0), from: "../escape", event: "e", to: [".."])])
    let file = root.appendingPathComponent("hostile.json")
    try graph.jsonData().write(to: file)
    try Fixtures.run(["atlas", "--graph", file.path, "--output", output.path, "--format", "dot"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["hostile.json", "out"])
    let written = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.contains(".focus.") }
    #expect(written.count == names.count)
    #expect(Set(written.map { $0.lowercased() }).count == names.count)
    let index = try #require(AtlasFiles.index(stem: "Hostile", in: output))
    #expect(index.focus.map(\.state) == names)
    #expect(
      index.focus.map(\.file).sorted() == written.map { $0.replacingOccurrences(of: ".dot", with: ".svg") }.sorted())
  }

  @Test func aBadFormatIsOneLineNamingIt() {
    #expect {
      try Fixtures.run(["atlas", "TrafficLight", "--format", "png,mmd"])
    } throws: { error in
      Fixtures.Tool.message(for: error) == #"unknown format "mmd"; expected one of: svg, png, pdf, dot"#
    }
  }

  @Test func renderAnnouncesWhatTheBudgetGaveUp() {
    let names = (0..<400).map { "s\($0)" }
    let big = SystemGraph(
      name: "Big", initial: "s0", states: names.map { StateNode(id: $0) }, events: [EventNode(id: "e")],
      transitions: (0..<400).map {
        TransitionEdge(id: TransitionID($0), from: names[$0], event: "e", to: [names[($0 + 1) % 400]])
      })
    let plan = DiagramPlan(graphs: [TrafficLight.system.graph, big], figures: [.states], formats: [.svg])
    #expect(
      AtlasFiles.budgetNotes(plan) == [
        "note: Big states figure: not drawn: 400 states > 300, too large for one figure; see the atlas (diagram atlas)"
      ])
    #expect(AtlasFiles.budgetNotes(DiagramPlan(graphs: [big], figures: [.loop])).isEmpty)  // the loop figure is small
  }
}
