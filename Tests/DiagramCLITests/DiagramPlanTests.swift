import DiagramCLI
import FeedbackDiagram
import FeedbackLoopExamples
import Foundation
import Testing

@Suite struct DiagramPlanTests {
  @Test func plansEveryFigureAndFormatPerSystem() throws {
    let plan = DiagramPlan(graphs: [TrafficLight.system.graph], formats: [.dot, .mmd, .json, .svg])
    let names = try plan.files().map(\.name)
    #expect(
      names == [
        "TrafficLight.states.dot", "TrafficLight.loop.dot", "TrafficLight.mmd", "TrafficLight.json",
        "TrafficLight.states.svg", "TrafficLight.loop.svg", "index.html",
      ])
    #expect(try plan.indexPage().contains("<img src=\"TrafficLight.loop.svg\""))
  }

  @Test func writingIsAllOrNothingAndNeverTouchesAFileInTheWay() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let blocker = root.appendingPathComponent("Diagrams")
    try Data("mine".utf8).write(to: blocker)
    #expect(throws: DiagramCLIError.outputIsAFile(path: blocker.path)) {
      try DiagramOutput.write([("a.dot", Data("x".utf8))], to: blocker)
    }
    #expect(try String(contentsOf: blocker, encoding: .utf8) == "mine")
  }

  @Test func staleFilesAreListed() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stale-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = [("a.dot", Data("a".utf8)), ("b.mmd", Data("b".utf8))]
    try DiagramOutput.write(files, to: folder)
    #expect(DiagramOutput.stale(files, in: folder).isEmpty)
    try Data("changed".utf8).write(to: folder.appendingPathComponent("b.mmd"))
    #expect(DiagramOutput.stale(files + [("c.json", Data())], in: folder) == ["b.mmd", "c.json"])
  }

  @Test func theReportShowsACoverageFigureWhereOneWasDrawn() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    var plan = DiagramPlan(graphs: [TrafficLight.system.graph, Counter.system().graph], formats: [.svg])
    #expect(try !plan.indexPage().contains(".coverage."))
    try DiagramOutput.write([("TrafficLight.coverage.svg", Data("<svg/>".utf8))], to: folder)
    plan.coverageFigures = DiagramOutput.coverageFigures(of: plan, in: folder)
    #expect(plan.coverageFigures == ["TrafficLight"])
    let page = try plan.indexPage()
    #expect(
      page.contains(#"<img src="TrafficLight.coverage.svg" alt="TrafficLight coverage figure" draggable="false">"#))
    #expect(!page.contains("Counter.coverage"))
  }

  @Test func theReportLinksTheAtlasAndShowsTraceFiguresFoundInTheFolder() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let output = root.appendingPathComponent("Diagrams")
    try Fixtures.run(["trace", Fixtures.path("failing"), "--output", output.path, "--format", "svg"])
    try DiagramOutput.write([("TrafficLight.atlas.html", Data("<p>atlas</p>".utf8))], to: output)
    try Fixtures.run(["render", "TrafficLight", "--output", output.path, "--format", "svg"])
    let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
    // The trace's viewer page, which `diagram trace` wrote beside its figures, is linked too.
    #expect(
      page.contains(
        #"<p class="links"><a href="TrafficLight.atlas.html">atlas</a>"#
          + #"<a href="TrafficLight.emergencyWhileYellow.trace.html">trace emergencyWhileYellow</a></p>"#))
    #expect(
      page.contains(
        #"<img src="TrafficLight.emergencyWhileYellow.trace-path.svg" alt="TrafficLight trace emergencyWhileYellow trace-path" draggable="false">"#
      ))
    #expect(page.contains("<figcaption>Trace emergencyWhileYellow: its timeline</figcaption>"))
  }

  @Test func reportRewritesThePageFromTheFiguresInTheFolder() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let output = root.appendingPathComponent("Diagrams")
    #expect {
      try Fixtures.run(["report", "--output", output.path])
    } throws: { error in
      Fixtures.Tool.message(for: error)
        == "\(output.path) holds no systems drawn by diagram (its .diagram-files lists none); run `swift run diagram` first"
    }
    try Fixtures.run(["render", "TrafficLight", "Counter", "--output", output.path, "--format", "svg"])
    try Fixtures.run(["coverage", Fixtures.path("complete"), "--output", output.path, "--format", "svg"])
    let before = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(!before.contains("TrafficLight.coverage.svg"))
    try Fixtures.run(["report", "--output", output.path])
    let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(
      page.contains(#"<img src="TrafficLight.coverage.svg" alt="TrafficLight coverage figure" draggable="false">"#))
    #expect(page.contains(#"<img src="Counter.loop.svg" alt="Counter loop figure" draggable="false">"#))
    #expect(
      page.contains(
        ##"<nav aria-label="Systems"><a href="#Counter">Counter</a><a href="#TrafficLight">TrafficLight</a></nav>"##))
    #expect(!page.contains("earlier run"))
  }

  @Test func eachSystemIsShownInTheFormatItWasDrawnIn() throws {
    let output = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: output) }
    try Fixtures.run(["render", "TrafficLight", "--output", output.path, "--format", "png,dot"])
    try Fixtures.run(["render", "Counter", "--output", output.path, "--format", "svg,dot"])
    // Render's page: this run's Counter in SVG, the earlier TrafficLight in the PNG it has.
    for command in [[], ["report", "--output", output.path]] {
      if !command.isEmpty { try Fixtures.run(command) }
      let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
      #expect(page.contains(#"<img src="Counter.states.svg""#), "\(command)")
      #expect(page.contains(#"<img src="TrafficLight.states.png""#), "\(command)")
      #expect(page.contains(#"<img src="TrafficLight.loop.png""#), "\(command)")
    }
  }
}
