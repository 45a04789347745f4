import FeedbackCoverage
import FeedbackDiagram
import ArgumentParser
import DiagramCLI
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import Testing
import FeedbackLoopSupport

/// The fixture traces, shared with FeedbackDiagramTests (recorded by `LoopRecorder`).
enum Fixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("FeedbackDiagramTests/Fixtures")

  static func path(_ name: String) -> String { folder.appendingPathComponent("TrafficLight-\(name).jsonl").path }

  static let graph = TrafficLight.system.graph

  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Parses and runs `arguments` in process, as `diagram` would. One at a time: ArgumentParser
  /// is not safe to use from several threads at once (parallel tests crashed in it).
  static func run(_ arguments: [String]) throws {
    try alone {
      var command = try Tool.parseAsRoot(arguments)
      try command.run()
    }
  }

  /// The command line of the example systems, as `swift run diagram` runs it.
  typealias Tool = DiagramTool<ExampleDiagrams>

  /// Runs `body` while no other test uses the command line.
  static func alone<Result>(_ body: () throws -> Result) rethrows -> Result {
    try commandLine.withLock { _ in try body() }
  }

  private static let commandLine = Protected<Void>(())
}

/// The example systems, as the `diagram` executable registers them.
struct ExampleDiagrams: DiagramCommand {
  static var systems: [SystemGraph] { ExampleCatalog.graphs }
}

@Suite struct CoverageCommandTests {
  @Test func aSuiteMissingOneTransitionFailsTheMinimumAndNamesIt() throws {
    let run = try CoverageRun(paths: [Fixtures.path("missing")], registered: [Fixtures.graph])
    #expect(run.coverages.map(\.transitionFraction.description) == ["3/4"])
    #expect(throws: Never.self) { try run.requireMinimum(transitions: 0.75, states: 1.0) }
    #expect {
      try run.requireMinimum(transitions: 1.0, states: nil)
    } throws: { error in
      let lines = "\(error)".split(separator: "\n").map(String.init)
      return lines == [
        "coverage below the minimum: TrafficLight transitions 3/4 (75%) < 100%",
        "  TrafficLight: never exercised: \(Fixtures.graph.transitions[3].summary)",
      ] && lines[1].hasSuffix("any state —emergency→ red")
    }
  }

  @Test func aRegisteredSystemWithoutTracesFailsAnyMinimumAndIsListed() throws {
    let run = try CoverageRun(paths: [Fixtures.path("complete")], registered: ExampleCatalog.graphs)
    #expect(run.coverages.map(\.graph.name) == ["TrafficLight"])  // figures only for what was traced
    #expect(run.untraced.map(\.name) == ["Counter", "Movies", "SignIn", "Uploader", "Volume"])
    #expect(try run.files(formats: [.dot]).map(\.name) == ["TrafficLight.coverage.dot"])
    #expect(
      run.table().split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" } == [
        "system", "Counter", "Movies", "SignIn", "TrafficLight", "Uploader", "Volume",
      ])
    #expect(run.table().contains("SignIn           0/8 (0%)    0/4 (0%)       0      0"))
    #expect(throws: Never.self) { try run.requireMinimum(transitions: nil, states: nil) }
    for (transitions, states) in [(1.0, nil), (nil, 0.5), (0.0, 0.0)] as [(Double?, Double?)] {
      #expect {
        try run.requireMinimum(transitions: transitions, states: states)
      } throws: { error in
        let lines = "\(error)".split(separator: "\n").map(String.init)
        return lines.first
          == "coverage below the minimum: Counter: no traces; Movies: no traces; SignIn: no traces; Uploader: no traces; Volume: no traces"
          && lines.dropFirst().first == "  Counter: no traces found; record its tests with FEEDBACKLOOP_TRACE_DIR set"
      }
    }
    // A system whose only trace was recorded before a reorder is measured on its
    // unchanged transitions (issue 19, item 2).
    let stale = try CoverageRun(paths: [Fixtures.path("stale")], registered: [Fixtures.graph])
    #expect(stale.coverages.map(\.traces) == [1] && stale.untraced.isEmpty)
  }

  @Test func anOutOfDateTraceIsMappedOntoTheUnchangedTransitions() throws {
    let run = try CoverageRun(
      paths: [Fixtures.path("missing"), Fixtures.path("stale")], registered: ExampleCatalog.graphs)
    #expect(
      run.warnings == [
        "mapped \(Fixtures.path("stale")) onto TrafficLight's unchanged transitions (it was recorded against other declarations)"
      ])
    let coverage = try #require(run.coverages.first)
    #expect(coverage.traces == 2)
    // The stale trace was recorded before a reorder: its ids are mapped by content.
    #expect(coverage.transitionHits == [4, 2, 2, 1])
  }

  @Test func aMalformedLineIsOneLineNamingFileAndLine() throws {
    #expect(throws: DiagramCLIError.traces("\(Fixtures.path("malformed")):5: timeNanoseconds: expected a number")) {
      try CoverageRun(paths: [Fixtures.folder.path], registered: ExampleCatalog.graphs)
    }
  }

  @Test func jsonDecodesToTheSameCoverage() throws {
    let run = try CoverageRun(
      paths: [Fixtures.path("complete"), Fixtures.path("failing")], registered: ExampleCatalog.graphs)
    let decoded = try JSONDecoder().decode([Coverage].self, from: Data(try run.json().utf8))
    #expect(decoded == run.allCoverages)
    // untraced ones too
    #expect(decoded.map(\.graph.name) == ["Counter", "Movies", "SignIn", "TrafficLight", "Uploader", "Volume"])
    #expect(decoded.first { $0.graph.name == "TrafficLight" }?.transitionFraction.description == "4/4")
    #expect(decoded.first?.traces == 0)
    let alone = try CoverageRun(
      paths: [Fixtures.path("complete"), Fixtures.path("failing")], registered: [Fixtures.graph])
    #expect(
      alone.table() == """
        system        transitions      states  traces  steps
        TrafficLight   4/4 (100%)  3/3 (100%)       2     42

        """)
  }

  @Test func theCommandWritesOneFigurePerSystemIntoTheOutputOnly() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out")
    try Fixtures.run(["coverage", Fixtures.path("missing"), "--output", output.path, "--format", "dot,svg"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() == [
        ".diagram-files", "TrafficLight.coverage.dot", "TrafficLight.coverage.svg",
      ])
    let dot = try String(contentsOf: output.appendingPathComponent("TrafficLight.coverage.dot"), encoding: .utf8)
    #expect(dot.contains("3/4 transitions"))
    #expect(throws: DiagramCLIError.self) {
      try Fixtures.run(["coverage", Fixtures.path("missing"), "--output", output.path, "--min", "0.9"])
    }
  }

  @Test(arguments: [
    (
      ["coverage", "--min-transitions", "1.5"],
      "--min-transitions 1.5 is out of range; expected a fraction from 0 to 1 (0.9 = 90 %)"
    ),
    (
      ["coverage", "--min-states=-0.1"],
      "--min-states -0.1 is out of range; expected a fraction from 0 to 1 (0.9 = 90 %)"
    ),
    (["coverage", "--format", "svg,mmd"], #"unknown format "mmd"; expected one of: svg, png, pdf, dot"#),
    (["trace", "x.jsonl", "--format", "gif"], #"unknown format "gif"; expected one of: svg, png, pdf, dot"#),
    // The typed options of render and check, checked in validate() (issue #12).
    (["render", "--format", "svg,gif"], #"unknown format "gif"; expected one of: svg, png, pdf, dot, mmd, json"#),
    (["check", "--figure", "pie"], #"unknown figure "pie"; expected one of: states, loop, all"#),
    (["render", "--theme", "neon"], #"unknown theme "neon"; expected one of: dark, light, PATH.json"#),
    (["coverage", "--theme", "/nonexistent/neon.json"], "theme /nonexistent/neon.json: cannot be read"),
    // A name that would break the line is quoted as one line.
    (["render", "--figure", "pie\nchart"], #"unknown figure "pie\u{a}chart"; expected one of: states, loop, all"#),
    (
      ["render", "Nope\u{2028}\"x\""],
      #"unknown system "Nope\u{2028}\"x\""; known systems: Counter, Movies, SignIn, TrafficLight, Uploader, Volume"#
    ),
  ])
  func badOptionsAreOneLineErrors(arguments: [String], message: String) {
    #expect {
      try Fixtures.run(arguments)
    } throws: { error in
      Fixtures.Tool.message(for: error) == message
    }
  }

  @Test func checkComparesCommittedCoverageFigures() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.path
    let check = ["check", "--output", output, "--format", "dot", "--coverage", Fixtures.path("missing")]
    try Fixtures.run(["render", "--output", output, "--format", "dot"])
    #expect(throws: DiagramCLIError.staleCoverage(["TrafficLight.coverage.dot"], paths: [Fixtures.path("missing")])) {
      try Fixtures.run(check)
    }
    try Fixtures.run(["coverage", Fixtures.path("missing"), "--output", output, "--format", "dot"])
    try Fixtures.run(check)
    try Fixtures.run(["coverage", Fixtures.path("complete"), "--output", output, "--format", "dot"])
    #expect(throws: DiagramCLIError.self) { try Fixtures.run(check) }  // committed figure of other traces
  }

  /// The report page lists what the folder holds: a coverage figure drawn after the
  /// render makes the committed `index.html` stale, and a render makes it current again.
  @Test func checkComparesTheReportPageWithTheFolder() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.path
    let check = ["check", "TrafficLight", "--output", output, "--format", "dot,svg"]
    try Fixtures.run(["render", "TrafficLight", "--output", output, "--format", "dot,svg"])
    try Fixtures.run(check)
    try Fixtures.run(["coverage", Fixtures.path("complete"), "--output", output, "--format", "svg"])
    #expect(throws: DiagramCLIError.stale(["index.html"])) { try Fixtures.run(check) }
    try Fixtures.run(["render", "TrafficLight", "--output", output, "--format", "dot,svg"])
    try Fixtures.run(check)
  }
}

@Suite struct TraceCommandTests {
  @Test func writesThePathAndTheTimeline() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Fixtures.run(["trace", Fixtures.path("failing"), "--output", folder.path, "--format", "svg,dot"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        ".diagram-files", "TrafficLight.emergencyWhileYellow.trace-path.dot",
        "TrafficLight.emergencyWhileYellow.trace-path.svg",
        "TrafficLight.emergencyWhileYellow.trace-timeline.dot", "TrafficLight.emergencyWhileYellow.trace-timeline.svg",
        "TrafficLight.emergencyWhileYellow.trace.html",
      ])
    let svg = try String(
      contentsOf: folder.appendingPathComponent("TrafficLight.emergencyWhileYellow.trace-timeline.svg"), encoding: .utf8
    )
    #expect(svg.contains("id=\"failing_line\""))
  }

  @Test func aStaleTraceIsDrawnOnItsOwnGraphWithANote() throws {
    let run = try TraceRun(path: Fixtures.path("stale"), registered: ExampleCatalog.graphs)
    #expect(run.graph.transitions.first?.event == "emergency")  // as recorded, not as declared now
    #expect(run.warnings.count == 1 && run.warnings[0].contains("drawn on the graph it was recorded against"))
    #expect(run.stem() == "TrafficLight.recordedBeforeReorder")
    // In a folder where the system was drawn under another stem (a collision, a long
    // name), the trace's figures take that stem, beside the system's own.
    #expect(run.stem(recorded: ["TrafficLight": "TrafficLight-2"]) == "TrafficLight-2.recordedBeforeReorder")
    #expect(
      try run.files(formats: [.dot], recorded: ["TrafficLight": "TrafficLight-2"]).map(\.name) == [
        "TrafficLight-2.recordedBeforeReorder.trace-path.dot",
        "TrafficLight-2.recordedBeforeReorder.trace-timeline.dot",
      ])
  }

  /// `trace` without the graph the header may carry.
  static func withoutGraph(_ name: String, in folder: URL) throws -> String {
    var trace = try Trace.decodeJSONLines(Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name))))
    trace.header.graph = nil
    let path = folder.appendingPathComponent("\(name).jsonl").path
    try trace.jsonLines().write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aStaleTraceWithoutAGraphSaysItIsStaleNotUnregistered() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stale = try Self.withoutGraph("stale", in: folder)
    #expect(
      throws: DiagramCLIError.traces(
        "\(stale): recorded against fingerprint fnv1a64:72f9b44aa788bebc, TrafficLight is now \(Fixtures.graph.fingerprint), and the trace carries no graph to draw it on"
      )
    ) {
      try TraceRun(path: stale, registered: ExampleCatalog.graphs)
    }
    // Current, it is drawn on the registered graph; unregistered, there is nothing to draw on.
    let current = try Self.withoutGraph("failing", in: folder)
    #expect(try TraceRun(path: current, registered: ExampleCatalog.graphs).graph == Fixtures.graph)
    #expect(
      throws: DiagramCLIError.traces(
        "\(current): TrafficLight is not a registered system and the trace carries no graph to draw it on")
    ) {
      try TraceRun(path: current, registered: [])
    }
  }

  @Test func aTraceWhoseTimesSpanTheWholeInt64RangeIsDrawn() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("hostile.jsonl").path
    let trace = Trace(
      header: TraceHeader(graph: Fixtures.graph, test: "hostile", outcome: .failed(at: -1, message: "boom")),
      steps: [
        TraceStep(index: 0, timeNanoseconds: .min, kind: .initial, afterNode: "red"),
        TraceStep(
          index: -1, timeNanoseconds: .max, kind: .event, transition: TransitionID(0), event: "tick", eventNode: "tick",
          beforeNode: "red", afterNode: "green"),
        TraceStep(
          index: -1, timeNanoseconds: .min, kind: .effectStarted, feedback: FeedbackID(-1), effect: EffectID(-1)),
      ])
    try trace.jsonLines().write(to: URL(fileURLWithPath: path))
    let files = try TraceRun(path: path, registered: ExampleCatalog.graphs).files(formats: [.dot, .svg])
    #expect(
      files.map(\.name) == [
        "TrafficLight.hostile.trace-path.dot", "TrafficLight.hostile.trace-path.svg",
        "TrafficLight.hostile.trace-timeline.dot", "TrafficLight.hostile.trace-timeline.svg",
      ])
    #expect(String(decoding: files[3].data, as: UTF8.self).contains("9223372036.854s"))
  }

  @Test func aMalformedTraceNamesFileAndLine() {
    #expect(throws: DiagramCLIError.traces("\(Fixtures.path("malformed")):5: timeNanoseconds: expected a number")) {
      try TraceRun(path: Fixtures.path("malformed"), registered: ExampleCatalog.graphs)
    }
  }

  @Test(arguments: [
    ("../../etc/passwd", "etc_passwd"), (".hidden", "hidden"), ("cycles()", "cycles"), ("a b/c\\d", "a_b_c_d"),
    ("中文", "unnamed"), ("--x", "x"), ("ok-name_1", "ok-name_1"),
  ])
  func fileNamesAreSafe(name: String, expected: String) {
    #expect(SafeFileName.make(name) == expected)
  }
}
