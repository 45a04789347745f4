import FeedbackGraph
import Foundation
import Testing
import FeedbackLoopSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built `diagram` given hostile input (issues #19 item 8 and #26): every error is one
/// line with the input escaped, and nothing but a regular file is ever opened.
@Suite(.serialized) struct HostileInputCommandTests {
  typealias Run = DiagramBinaryTests.Run

  /// Runs `diagram`, killing it if it has not ended after 30 s (a blocked read): the
  /// test then fails instead of hanging the suite. Not a timing assertion: a correct run
  /// ends in well under a second.
  static func run(_ arguments: [String], in folder: URL) throws -> Run {
    let process = Process()
    process.executableURL = DiagramBinaryTests.binary
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let output = folder.appendingPathComponent("output-\(UUID().uuidString).txt")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let handle = try FileHandle(forWritingTo: output)
    defer { try? FileManager.default.removeItem(at: output) }
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    var waited = 0
    while process.isRunning, waited < 300 {
      usleep(100_000)
      waited += 1
    }
    if process.isRunning {
      process.terminate()
      Issue.record("diagram \(arguments.joined(separator: " ").debugDescription) blocked")
    }
    process.waitUntilExit()
    try handle.close()
    return Run(status: process.terminationStatus, output: String(decoding: try Data(contentsOf: output), as: UTF8.self))
  }

  /// Whether `text` holds nothing a terminal acts on, besides its line breaks.
  static func isSafe(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0 != "\n" && isMessageUnsafe($0) }
  }

  /// One line: `Error: …\n`.
  static func isOneSafeLine(_ run: Run) -> Bool {
    run.status != 0 && run.output.hasPrefix("Error: ") && run.output.filter { $0 == "\n" }.count == 1
      && run.output.hasSuffix("\n") && isSafe(run.output)
  }

  @Test func everyErrorQuotesItsInputEscapedOnOneLine() throws {
    try #require(FileManager.default.isExecutableFile(atPath: DiagramBinaryTests.binary.path))
    let folder = try DiagramBinaryTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let graph = try #require(
      try JSONSerialization.jsonObject(with: try Fixtures.graph.jsonData()) as? [String: Any])
    let traceLines = try String(contentsOfFile: Fixtures.path("complete"), encoding: .utf8).split(separator: "\n")
    var random = SplitMix64(seed: 8)
    for round in 0..<6 {
      let value = HostileInputMessageValues.hostile(&random)
      // A graph whose `fromMatch`, or a feedback's `strategy`, is the value.
      for (key, field) in [("transitions", "fromMatch"), ("feedbacks", "strategy")] {
        var edited = graph
        var items = edited[key] as? [[String: Any]] ?? []
        items[0][field] = value
        edited[key] = items
        let file = folder.appendingPathComponent("graph-\(round)-\(field).json")
        try JSONSerialization.data(withJSONObject: edited).write(to: file)
        let run = try Self.run(["render", "--graph", file.path, "--output", "out"], in: folder)
        #expect(Self.isOneSafeLine(run), "\(field) \(value.debugDescription): \(run.output.debugDescription)")
        #expect(run.output.contains(": \(key)[0].\(field): "), "\(run.output.debugDescription)")
      }
      // A trace whose step `kind` or `toNode`, or whose graph's state, is the value.
      for (line, field) in [(1, "kind"), (1, "toNode"), (2, "kind")] {
        var lines = traceLines.map(String.init)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(lines[line].utf8)) as? [String: Any])
        object[field] = value
        lines[line] = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        let file = folder.appendingPathComponent("trace-\(round)-\(line)-\(field).jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        for command in ["trace", "coverage"] {
          let run = try Self.run([command, file.lastPathComponent, "--output", "out"], in: folder)
          #expect(
            Self.isOneSafeLine(run), "\(command) \(field) \(value.debugDescription): \(run.output.debugDescription)")
          #expect(
            run.output.contains("\(file.lastPathComponent):\(line + 1): \(field): "), "\(run.output.debugDescription)")
        }
      }
      // A missing file, a system and a theme named with the value.
      let name = String(value.unicodeScalars.filter { $0 != "\0" && $0 != "/" })
      for arguments in [
        ["render", "--graph", name + ".json"], ["trace", name + ".jsonl"], ["coverage", name],
        ["render", name, "--output", "out"], ["render", "--theme", name + ".json", "--output", "out"],
      ] {
        let run = try Self.run(arguments, in: folder)
        #expect(
          run.status != 0 && Self.isSafe(run.output), "\(arguments.debugDescription): \(run.output.debugDescription)")
      }
      // ArgumentParser's own messages (an unknown option) quote the argument escaped too.
      let option = try Self.run(["render", "--" + name], in: folder)
      #expect(option.status != 0 && Self.isSafe(option.output), "\(option.output.debugDescription)")
    }
  }

  @Test func namedPipesAreRefusedBeforeTheyAreOpened() throws {
    try #require(FileManager.default.isExecutableFile(atPath: DiagramBinaryTests.binary.path))
    let folder = try DiagramBinaryTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func pipe(_ name: String) throws -> String {
      let path = folder.appendingPathComponent(name).path
      try #require(mkfifo(path, 0o600) == 0)
      return name
    }
    let traces = folder.appendingPathComponent("traces")
    try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: Fixtures.path("complete"), toPath: traces.appendingPathComponent("a.jsonl").path)
    _ = try pipe("traces/b.jsonl")
    try FileManager.default.createSymbolicLink(
      atPath: traces.appendingPathComponent("c.jsonl").path, withDestinationPath: "b.jsonl")
    let fifo = try pipe("fifo.jsonl")
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("link.jsonl").path, withDestinationPath: fifo)
    let theme = try pipe("theme.json")
    let cases: [(arguments: [String], message: String)] = [
      (["coverage", fifo], "Error: fifo.jsonl: is a named pipe, not a trace file\n"),
      (["coverage", "link.jsonl"], "Error: link.jsonl: is a named pipe, not a trace file\n"),
      (["coverage", "traces", fifo], "Error: fifo.jsonl: is a named pipe, not a trace file\n"),
      (["trace", fifo], "Error: fifo.jsonl is a named pipe, not a trace file\n"),
      (["render", "--graph", fifo], "Error: cannot read graph file fifo.jsonl\n"),
      (
        ["render", "--theme", theme],
        "Error: theme \(folder.appendingPathComponent(theme).path): is a named pipe, not a theme file\n"
      ),
    ]
    for (arguments, message) in cases {
      let run = try Self.run(arguments + ["--output", "out"], in: folder)
      #expect(run.status != 0 && run.output == message, "\(arguments): \(run.output.debugDescription)")
    }
    // In a folder, pipes (and links to them) are not trace files: the regular one is measured.
    let folderRun = try Self.run(["coverage", "traces", "--output", "out"], in: folder)
    #expect(folderRun.status == 0 && folderRun.output.contains("TrafficLight"), "\(folderRun.output)")
    // `check` never opens a pipe standing where a figure or the manifest should be.
    let out = folder.appendingPathComponent("checked")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    _ = try pipe("checked/TrafficLight.states.dot")
    let check = try Self.run(["check", "TrafficLight", "--output", "checked", "--format", "dot"], in: folder)
    #expect(check.status != 0 && check.output.contains("TrafficLight.states.dot"), "\(check.output)")
    _ = try pipe("checked/.diagram-files")
    let manifest = try Self.run(["render", "TrafficLight", "--output", "checked", "--format", "dot"], in: folder)
    #expect(manifest.output.hasPrefix("Error: ") && manifest.output.contains("is not a manifest"), "\(manifest.output)")
  }
}

/// Seeded hostile values: text around a control character or a noncharacter (which names
/// may not hold) and one to three more unsafe scalars (bidi controls among them).
enum HostileInputMessageValues {
  static let refused: [UInt32] = Array(0x01...0x1F) + [0x7F, 0x85, 0x9B, 0xFEFF, 0xFFFE, 0xFFFF, 0xFDD0]
  static let unsafe: [UInt32] = refused + [0x202E, 0x2066, 0x200F, 0x2028, 0x2029, 0x061C]

  static func hostile(_ random: inout SplitMix64) -> String {
    var text = random.next() % 3 == 0 ? "\u{1B}[2J\u{1B}[31mpwned\n" : "a"
    text.unicodeScalars.append(Unicode.Scalar(refused[Int(random.next() % UInt64(refused.count))])!)
    for _ in 0..<(random.next() % 3 + 1) {
      text.unicodeScalars.append(Unicode.Scalar(unsafe[Int(random.next() % UInt64(unsafe.count))])!)
      text += ["b", "\"", "\\", "é", " "][Int(random.next() % 5)]
    }
    return text
  }
}
