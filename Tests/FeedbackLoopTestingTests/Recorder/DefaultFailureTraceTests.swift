import FeedbackGraph
import FeedbackLoop
import FeedbackLoopSupport
import FeedbackLoopTesting
import Foundation
import Testing

/// Issue 34: with no folder named, a failing recording leaves its trace in
/// `.build/feedbackloop/traces/` of the package under test, and its failure names the file,
/// the command that draws it and the page; a passing one writes nothing.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["FEEDBACKLOOP_TRACE_DIR"] == nil,
    "FEEDBACKLOOP_TRACE_DIR names another folder"))
struct DefaultFailureTraceTests {
  static let folder = FailureTraces.folder(inPackage: packageRoot)

  /// The traces of `test` this run wrote in the default folder.
  static func traces(of test: String) throws -> [URL] {
    let prefix = "Light-DefaultFailureTraceTests-\(test)-\(FailureTraces.runStamp)"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasPrefix(prefix) }.map { folder.appendingPathComponent($0) }
  }

  @Test func aFailingRecordingNamesItsTraceAndWritesItWhenItEnds() throws {
    let messages = Protected<[String]>([])
    withKnownIssue {
      let loop = LoopRecorder(light)
      loop.send(.emergency) { $0 = .green }
      loop.skipInFlightEffects()
    } matching: { issue in
      messages.withLock { $0.append(fullMessage(of: issue)) }
      return true
    }
    let file =
      "Light-DefaultFailureTraceTests-aFailingRecordingNamesItsTraceAndWritesItWhenItEnds-\(FailureTraces.runStamp).jsonl"
    let path = Self.folder.appendingPathComponent(file).path
    let here = FileManager.default.currentDirectoryPath == packageRoot.path ? "" : "cd \(packageRoot.path) && "
    let page = packageRoot.appendingPathComponent(
      "Diagrams/Light.aFailingRecordingNamesItsTraceAndWritesItWhenItEnds.trace.html"
    ).absoluteString
    let message = try #require(messages.withLock { $0 }.first)
    #expect(
      message.hasSuffix(
        """
        To fix: make the closure of send(emergency) describe the state the loop reached (lines marked +), or fix the transition that produced it.

        Trace: \(path) (written when the test ends)
        Draw it: \(here)swift run diagram trace \(path)
        Step through it: \(page)#step=2 (once drawn)
        """))
    let trace = try Trace.decodeJSONLines(Data(contentsOf: URL(fileURLWithPath: path)), source: path)
    #expect(trace.header.outcome == .failed(at: 2, message: message))
    #expect(trace.header.graph == light.graph)  // what `diagram trace` draws it on, registered or not
  }

  @Test func aPassingRecordingWritesNothing() throws {
    do {
      let loop = LoopRecorder(light)
      loop.send(.emergency)
      loop.skipInFlightEffects()
      #expect(loop.traceFileName.hasSuffix("-\(FailureTraces.runStamp).jsonl"))
    }
    #expect(try Self.traces(of: "aPassingRecordingWritesNothing").isEmpty)
  }

  /// Without a package around the test's file, nothing is written and the message says what
  /// to set.
  @Test func withoutAPackageTheMessageSaysWhatToSet() {
    let messages = Protected<[String]>([])
    withKnownIssue {
      let loop = LoopRecorder(light, filePath: "/nowhere/Tests/LightTests.swift")
      loop.send(.emergency) { $0 = .green }
      loop.skipInFlightEffects()
    } matching: { issue in
      messages.withLock { $0.append(fullMessage(of: issue)) }
      return true
    }
    #expect(
      messages.withLock { $0 }.first?.hasSuffix(
        "\n\nNo trace written: no Package.swift above /nowhere/Tests/LightTests.swift; set FEEDBACKLOOP_TRACE_DIR to a folder to keep the trace of a failing test."
      ) == true)
  }

  /// A trace is created, never written over: a file already there is an error and keeps its bytes.
  @Test func aFileAlreadyThereIsNeverOverwritten() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("failure-traces-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Light-T-t-1.jsonl")
    try FailureTraces.write(Data("mine".utf8), to: file)
    #expect(throws: (any Error).self) { try FailureTraces.write(Data("theirs".utf8), to: file) }
    #expect(try String(contentsOf: file, encoding: .utf8) == "mine")
  }

  /// The folder keeps its newest traces; other files stay.
  @Test func theFolderKeepsItsNewestTraces() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("failure-traces-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for index in 0..<5 {
      let file = folder.appendingPathComponent("t\(index).jsonl")
      try Data().write(to: file)
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(index))], ofItemAtPath: file.path)
    }
    try Data().write(to: folder.appendingPathComponent("notes.txt"))
    FailureTraces.prune(folder, keeping: 3)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "notes.txt", "t2.jsonl", "t3.jsonl", "t4.jsonl",
      ])
  }

  /// The command: the package's own `DiagramCommand` executable, else FeedbackLoop's
  /// `diagram`; from the package root; the variable still wins.
  @Test func theCommandIsThePackagesOwnExecutable() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("package-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let sources = root.appendingPathComponent("Sources")
    try FileManager.default.createDirectory(
      at: sources.appendingPathComponent("Checkout"), withIntermediateDirectories: true)
    try Data("/// struct Diagrams: DiagramCommand {}\n@main struct App {}\n".utf8).write(
      to: sources.appendingPathComponent("Checkout/App.swift"))
    #expect(DrawCommand.findExecutable(in: root) == "diagram")  // a comment is no conformance
    try FileManager.default.createDirectory(
      at: sources.appendingPathComponent("shop-diagrams/Main"), withIntermediateDirectories: true)
    try Data("import DiagramCLI\n\n@main\nstruct Diagrams : DiagramCommand {\n}\n".utf8).write(
      to: sources.appendingPathComponent("shop-diagrams/Main/Diagrams.swift"))
    #expect(DrawCommand.findExecutable(in: root) == "shop-diagrams")
    #expect(
      DrawCommand.drawIt("/t.jsonl", environment: [:], root: root, directory: root.path)
        == "Draw it: swift run shop-diagrams trace /t.jsonl")
    #expect(
      DrawCommand.drawIt("/t.jsonl", environment: [:], root: root, directory: "/")
        == "Draw it: cd \(root.path) && swift run shop-diagrams trace /t.jsonl")
    #expect(
      DrawCommand.drawIt("/t.jsonl", environment: ["FEEDBACKLOOP_DIAGRAM_COMMAND": "make draw"], root: root)
        == "Draw it: make draw trace /t.jsonl")
    #expect(
      DrawCommand.drawIt("/t.jsonl", environment: [:])
        == "Draw it: swift run <your DiagramCommand executable> trace /t.jsonl (set FEEDBACKLOOP_DIAGRAM_COMMAND to that command and this line names it)"
    )
  }
}
