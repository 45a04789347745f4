import Foundation
import Testing

/// Runs the built `diagram` executable as a user would.
@Suite(.serialized) struct DiagramBinaryTests {
  static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
    "diagram")

  struct Run {
    var status: Int32
    var output: String
  }

  static func run(_ arguments: [String], in folder: URL, executable: URL = binary) throws -> Run {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
  }

  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diagram-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  static func contents(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  @Test func defaultRenderListAndCheck() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the diagram product first")
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }

    let render = try Self.run([], in: folder)
    #expect(render.status == 0)
    #expect(
      render.output == "Wrote 61 files for Counter, Movies, SignIn, TrafficLight, Uploader, Volume into Diagrams/\n")
    let files = Self.contents(folder.appendingPathComponent("Diagrams"))
    #expect(files.count == 62)  // and the manifest of what diagram wrote
    #expect(files.contains(".diagram-files"))
    #expect(files.contains("index.html"))
    #expect(files.contains("TrafficLight.states.png"))
    #expect(files.contains("Movies.loop.pdf"))

    let list = try Self.run(["list"], in: folder)
    #expect(list.status == 0)
    #expect(
      list.output.split(separator: "\n").map { String($0.split(separator: " ")[0]) } == [
        "Counter", "Movies", "SignIn", "TrafficLight", "Uploader", "Volume",
      ])

    let fresh = try Self.run(["check"], in: folder)
    #expect(fresh.status == 0)
    #expect(fresh.output == "Diagrams in Diagrams/ are up to date.\n")

    try Data("digraph {}".utf8).write(to: folder.appendingPathComponent("Diagrams/Volume.states.dot"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("Diagrams/Counter.mmd"))
    let stale = try Self.run(["check"], in: folder)
    #expect(stale.status != 0)
    #expect(stale.output.contains("2 diagram files are stale or missing: Counter.mmd, Volume.states.dot"))
  }

  @Test func coverageAndTraceEndToEnd() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the diagram product first")
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let manager = FileManager.default
    for (name, subfolder) in [("missing", "Traces/a"), ("stale", "Traces/a"), ("failing", "Traces-b")] {
      try manager.createDirectory(at: folder.appendingPathComponent(subfolder), withIntermediateDirectories: true)
      try manager.copyItem(
        atPath: Fixtures.path(name), toPath: folder.appendingPathComponent("\(subfolder)/\(name).jsonl").path)
    }

    let below = try Self.run(["coverage", "Traces", "--min-transitions", "1.0"], in: folder)
    #expect(below.status != 0)
    // The stale trace was recorded before a reorder: mapped onto the unchanged transitions.
    #expect(
      below.output.contains(
        "mapped Traces/a/stale.jsonl onto TrafficLight's unchanged transitions (it was recorded against other declarations)"
      ))
    #expect(below.output.contains("TrafficLight   4/4 (100%)  3/3 (100%)       2     43"))
    #expect(below.output.contains("Counter          0/2 (0%)    0/1 (0%)       0      0"))  // registered, no traces
    #expect(
      below.output.contains(
        "Error: coverage below the minimum: Counter: no traces; Movies: no traces; SignIn: no traces; Uploader: no traces; Volume: no traces\n"
      ))
    #expect(
      Self.contents(folder.appendingPathComponent("Diagrams")) == [
        ".diagram-files", "TrafficLight.coverage.dot", "TrafficLight.coverage.png", "TrafficLight.coverage.svg",
      ])

    // With the examples' own traces every registered system is traced and covered (the CI gate).
    let both = try Self.run(
      ["coverage", "Traces", "Traces-b", ExampleCoverageTests.traces, "--min", "1.0", "--json"], in: folder)
    #expect(both.status == 0, "\(both.output)")
    #expect(both.output.contains("\"transitionCoverage\" : {\n      \"covered\" : 4,"))

    let check = try Self.run(
      ["check", "--format", "dot", "--coverage", "Traces", "--coverage", "Traces-b"], in: folder)
    #expect(check.status != 0)  // the render figures were never written
    #expect(check.output.contains("12 diagram files are stale or missing: Counter.states.dot"))

    let trace = try Self.run(["trace", "Traces-b/failing.jsonl", "--format", "png"], in: folder)
    #expect(trace.status == 0, "\(trace.output)")
    #expect(
      Self.contents(folder.appendingPathComponent("Diagrams")).filter { $0.contains("trace") } == [
        "TrafficLight.emergencyWhileYellow.trace-path.png", "TrafficLight.emergencyWhileYellow.trace-timeline.png",
        "TrafficLight.emergencyWhileYellow.trace.html",
      ])
    // The page's link, opened at the failing step.
    let page = folder.appendingPathComponent("Diagrams/TrafficLight.emergencyWhileYellow.trace.html").absoluteString
    #expect(trace.output.hasSuffix("Step through it: \(page)#step=10\n"), "\(trace.output)")

    let malformed = try Self.run(["coverage", Fixtures.path("malformed")], in: folder)
    #expect(malformed.status != 0)
    #expect(malformed.output == "Error: \(Fixtures.path("malformed")):5: timeNanoseconds: expected a number\n")
  }

  @Test(arguments: [
    (
      ["render", "Nope"],
      #"Error: unknown system "Nope"; known systems: Counter, Movies, SignIn, TrafficLight, Uploader, Volume"#
    ),
    (["render", "--graph", "missing.json"], "Error: cannot read graph file missing.json"),
    (["render", "--graph", "bad.json"], "Error: malformed graph: bad.json: not valid JSON"),
    (
      ["render", "--format", "svg,gif"], #"Error: unknown format "gif"; expected one of: svg, png, pdf, dot, mmd, json"#
    ),
    (["render", "--theme", "neon"], #"Error: unknown theme "neon"; expected one of: dark, light, PATH.json"#),
    (["render", "--figure", "pie"], #"Error: unknown figure "pie"; expected one of: states, loop, all"#),
    (["render", "--output", "taken"], "Error: output path "),
  ])
  func badInputFailsWithOneLineAndTouchesNothing(arguments: [String], message: String) throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the diagram product first")
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("{ not json".utf8).write(to: folder.appendingPathComponent("bad.json"))
    try Data("a file".utf8).write(to: folder.appendingPathComponent("taken"))
    let before = Self.contents(folder)

    let run = try Self.run(arguments, in: folder)
    #expect(run.status != 0)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 1, "one line: \(run.output)")
    #expect(run.output.hasPrefix(message), "got: \(run.output)")
    #expect(Self.contents(folder) == before)  // no partial Diagrams/ folder, nothing overwritten
    #expect(try String(contentsOf: folder.appendingPathComponent("taken"), encoding: .utf8) == "a file")
  }
}
