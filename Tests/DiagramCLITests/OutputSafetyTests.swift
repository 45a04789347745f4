import DiagramCLI
import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import Testing
import FeedbackLoopSupport

/// The output folder's rules (issue #9): a name never escapes it, nothing diagram did not
/// write is replaced, a failed run leaves it as it was, the report lists every system in it.
@Suite struct OutputSafetyTests {
  /// Every file in `folder`, recursively, with its bytes (links as their destinations).
  static func snapshot(_ folder: URL) -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let name = enumerator?.nextObject() as? String {
      let path = folder.appendingPathComponent(name).path
      if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
        result[name] = Data("-> \(destination)".utf8)
      } else {
        result[name] = FileManager.default.contents(atPath: path) ?? Data()
      }
    }
    return result
  }

  static func graph(named name: String) -> SystemGraph {
    var graph = TrafficLight.system.graph
    graph.name = name
    return graph
  }

  static func files(_ names: [String], formats: [OutputFormat] = [.dot, .json]) throws -> (
    DiagramPlan, [(name: String, data: Data)]
  ) {
    let plan = DiagramPlan(graphs: names.map(graph(named:)), figures: [.states], formats: formats)
    return (plan, try plan.files())
  }

  @Test func hostileSystemNamesStayInsideTheOutputFolder() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let output = root.appendingPathComponent("out")
    let names = ["../../escape", "/etc/passwd", ".hidden", "..", "a/b\\c", "CON", "nul.txt", "\u{202E}gpj.exe", "   "]
    let (plan, files) = try Self.files(names)
    try DiagramOutput.write(files, to: output, systems: plan.systems)
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["out"])
    #expect(
      plan.stems == ["escape", "etc_passwd", "hidden", "system", "a_b_c", "CON", "nul_txt", "gpj_exe", "system-2"])
    let written = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
    #expect(written.count == 2 * names.count + 1)
    #expect(written.allSatisfy { $0 == ".diagram-files" || !$0.hasPrefix(".") && !$0.contains("/") })
  }

  @Test func stemsAreSafeDistinctAndDeterministicForSeededHostileNames() {
    var random = SplitMix64(seed: 9)
    let pieces = [
      "..", "/", "\\", ".", "\u{0}", "\n", "\u{202E}", "e\u{301}", "CON", "A", "a", "-", "_", " ", "名", "🙂", "%2e",
    ]
    for _ in 0..<500 {
      let names = (0..<Int(random.next() % 6 + 1)).map { _ in
        let length = Int(random.next() % 40) + (random.next() % 10 == 0 ? 200 : 0)
        return (0..<length).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
      }
      let stems = OutputNames.stems(for: names)
      #expect(stems == OutputNames.stems(for: names))  // deterministic
      #expect(Set(stems.map { $0.lowercased() }).count == stems.count, "\(names)")  // distinct, also ignoring case
      for stem in stems {
        #expect(
          !stem.isEmpty && stem.count <= OutputNames.maximumLength + 4 && !stem.hasPrefix(".") && !stem.hasPrefix("-")
            && stem.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }, "\(stem)")
      }
    }
  }

  @Test func longNamesThatShareAPrefixStayApart() {
    let a = String(repeating: "x", count: 200) + "a", b = String(repeating: "x", count: 200) + "b"
    let stems = OutputNames.stems(for: [a, b])
    #expect(stems.allSatisfy { $0.count == OutputNames.maximumLength })
    #expect(stems[0] != stems[1] && stems[0].hasPrefix(String(repeating: "x", count: 71) + "-"))
  }

  @Test func aFileDiagramDidNotWriteIsNeverReplaced() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("my notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    try Data("my own drawing".utf8).write(to: folder.appendingPathComponent("Light.states.dot"))
    let before = Self.snapshot(folder)
    let (plan, files) = try Self.files(["Light"])
    #expect(throws: DiagramCLIError.wouldReplaceForeign(["Light.states.dot"], folder: folder.path)) {
      try DiagramOutput.write(files, to: folder, systems: plan.systems)
    }
    #expect(Self.snapshot(folder) == before)
    #expect(
      "\(DiagramCLIError.wouldReplaceForeign(["Light.states.dot"], folder: "out"))"
        == "refusing to replace 1 file in out that diagram did not write: Light.states.dot; move it away, or choose another --output"
    )

    // Without the clash, the write goes ahead and the stranger's file stays.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("Light.states.dot"))
    try DiagramOutput.write(files, to: folder, systems: plan.systems)
    #expect(try String(contentsOf: folder.appendingPathComponent("notes.txt"), encoding: .utf8) == "my notes")
    // A second run replaces its own files.
    try DiagramOutput.write(files, to: folder, systems: plan.systems)
  }

  @Test func aLinkInTheWayIsRefusedAndItsTargetUntouched() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let victim = folder.appendingPathComponent("victim.txt")
    try Data("precious".utf8).write(to: victim)
    let output = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: output.appendingPathComponent("Light.json"), withDestinationURL: victim)
    let (plan, files) = try Self.files(["Light"])
    #expect(throws: DiagramCLIError.wouldReplaceForeign(["Light.json"], folder: output.path)) {
      try DiagramOutput.write(files, to: output, systems: plan.systems)
    }
    #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
  }

  @Test func aFailedRunLeavesTheFolderAsItWas() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (plan, files) = try Self.files(["Light"])
    try DiagramOutput.write(files, to: folder, systems: plan.systems)
    try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    let before = Self.snapshot(folder)
    // A second run whose last file cannot be written (its name is too long for the file
    // system): nothing of the run may remain, and the earlier files are intact.
    let changed =
      files.map { ($0.name, Data("changed".utf8)) } + [(String(repeating: "n", count: 300) + ".dot", Data())]
    #expect(throws: DiagramCLIError.self) {
      try DiagramOutput.write(changed, to: folder, systems: plan.systems)
    }
    #expect(Self.snapshot(folder) == before)

    // A folder the run had to create is removed again.
    let fresh = folder.appendingPathComponent("fresh")
    #expect(throws: DiagramCLIError.self) {
      try DiagramOutput.write(changed, to: fresh)
    }
    #expect(!FileManager.default.fileExists(atPath: fresh.path))
  }

  @Test func theReportPageListsEverySystemInTheFolder() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let output = root.appendingPathComponent("Diagrams").path
    try Fixtures.run(["render", "TrafficLight", "--output", output, "--format", "svg"])
    try Fixtures.run(["render", "Counter", "--output", output, "--format", "svg"])
    let page = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
    #expect(page.contains("<section id=\"Counter\">") && page.contains("<section id=\"TrafficLight\">"))
    #expect(page.contains("src=\"TrafficLight.states.svg\""))
    let manifest = try OutputManifest.read(in: URL(fileURLWithPath: output))
    #expect(manifest.systems.map(\.name) == ["Counter", "TrafficLight"])
  }
}

/// Inputs the tool refuses quickly, with one line (issue #9).
@Suite struct InputLimitTests {
  @Test func anEmptyFormatIsAnError() throws {
    // The commands check their options in validate(), which ArgumentParser wraps.
    #expect {
      try Fixtures.run(["render", "TrafficLight", "--format", "", "--output", "unused"])
    } throws: { error in
      Fixtures.Tool.message(for: error)
        == "--format names no format; expected a comma-separated list of: svg, png, pdf, dot, mmd, json"
    }
    #expect {
      try Fixtures.run(["coverage", ExampleCoverageTests.traces, "--format", " , ", "--output", "unused"])
    } throws: { error in
      "\(error)".contains("--format names no format; expected a comma-separated list of: svg, png, pdf, dot")
    }
    #expect(
      "\(DiagramCLIError.noFormat(known: ["svg", "png"]))"
        == "--format names no format; expected a comma-separated list of: svg, png")
    #expect(!FileManager.default.fileExists(atPath: "unused"))
  }

  @Test func aHugeGraphFileIsRefusedBeforeItIsRead() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let huge = folder.appendingPathComponent("huge.json")
    #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
    let handle = try FileHandle(forWritingTo: huge)
    try handle.truncate(atOffset: 100 << 20)  // 100 MB, sparse: made in no time
    try handle.close()
    let start = ContinuousClock.now
    #expect(throws: DiagramCLIError.inputTooLarge(path: huge.path, limit: 16 << 20)) {
      try Fixtures.run(["render", "--graph", huge.path, "--output", folder.appendingPathComponent("out").path])
    }
    #expect(ContinuousClock.now - start < .seconds(30))  // a bound against hanging, not a timing claim
    #expect(
      "\(DiagramCLIError.inputTooLarge(path: "g.json", limit: 16 << 20))"
        == "g.json is larger than 16 MB, the most diagram reads; is it the right file?")
  }

  @Test func aDeviceOrAPipeIsNotAGraphFile() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = folder.appendingPathComponent("zero.json")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/zero")
    for path in ["/dev/zero", link.path, folder.path] {
      #expect(throws: DiagramCLIError.unreadableGraph(path: path)) {
        try Fixtures.run(["render", "--graph", path, "--output", folder.appendingPathComponent("out").path])
      }
    }
  }
}
