import ArgumentParser
import DiagramCLI
import FeedbackGraph
import FeedbackLoopExamples
import FeedbackLoopExplorer
import Foundation
import Testing

/// `diagram explore` removes the finding traces and pages it wrote before and no longer
/// writes (through its manifest, never a file it did not write), and `render`, `explore`,
/// `coverage`, `report` and `check` agree on what index.html lists.
@Suite(.serialized) struct ExploreStaleFilesTests {
  /// SignIn, with a seeded invariant while `broken` is set.
  struct Fixable: DiagramCommand {
    @TaskLocal static var broken = true
    static var systems: [SystemGraph] { [SignIn.system().graph] }
    static var explorations: [RegisteredExploration] {
      [
        RegisteredExploration(name: "SignIn") {
          let explorer =
            broken
            ? ExampleExplorers.signIn.invariant("never submitting") { state in
              if case .submitting = state { return false }
              return true
            } : ExampleExplorers.signIn
          let exploration = explorer.run()
          return ExplorationOutput(
            report: exploration.report, reachableGraph: exploration.reachableGraph(),
            findingTraces: exploration.findings.compactMap(exploration.trace(for:)),
            coveringTraces: exploration.coveringTraces, hasFindings: !exploration.findings.isEmpty)
        }
      ]
    }
  }

  static func run(_ arguments: [String], broken: Bool) throws {
    try Fixtures.alone {
      try Fixable.$broken.withValue(broken) {
        var command = try DiagramTool<Fixable>.parseAsRoot(arguments)
        try command.run()
      }
    }
  }

  @Test func aFixedFindingsTraceAndPageAreRemovedAndTheReportPageAgreesWithCheck() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let out = root.appendingPathComponent("out")
    let finding = "SignIn-explorer-finding-1.jsonl"
    let page = "SignIn.explorer_invariant-never-submitting.trace.html"
    func exists(_ name: String) -> Bool {
      FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path)
    }

    try Self.run(["render", "--output", out.path], broken: true)
    #expect(throws: ExitCode(1)) { try Self.run(["explore", "SignIn", "--output", out.path], broken: true) }
    #expect(exists(finding) && exists(page))
    // After explore, the page lists what the folder holds, as render writes it: check agrees.
    try Self.run(["check", "--output", out.path], broken: true)

    // A file of the user's named like a finding's trace: never the command's to remove.
    let users = out.appendingPathComponent("SignIn-explorer-finding-9.jsonl")
    try Data("mine".utf8).write(to: users)

    try Self.run(["explore", "SignIn", "--output", out.path], broken: false)
    #expect(!exists(finding) && !exists(page))
    #expect(exists("SignIn-explorer-covering-1.jsonl"))
    #expect(try Data(contentsOf: users) == Data("mine".utf8))
    let manifest = try String(contentsOf: out.appendingPathComponent(".diagram-files"), encoding: .utf8)
    #expect(!manifest.contains(finding))
    try Self.run(["check", "--output", out.path], broken: false)

    // report and coverage leave a page check agrees with, too (coverage reads every trace
    // file of the folder: the user's, not one, goes first).
    try FileManager.default.removeItem(at: users)
    try Self.run(["report", "--output", out.path], broken: false)
    try Self.run(["check", "--output", out.path], broken: false)
    try Self.run(["coverage", out.path, "--include", "explorer", "--output", out.path], broken: false)
    try Self.run(["check", "--output", out.path], broken: false)
  }

  @Test func aManifestFromBeforeExplorationsWereRecordedStillHasItsOldFindingsRemoved() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let out = root.appendingPathComponent("out")
    #expect(throws: ExitCode(1)) {
      try Self.run(["explore", "SignIn", "--output", out.path, "--format", "dot"], broken: true)
    }
    // Drop the record, as an earlier version wrote the manifest.
    let url = out.appendingPathComponent(".diagram-files")
    var json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    json["explored"] = nil
    try JSONSerialization.data(withJSONObject: json).write(to: url)
    try Self.run(["explore", "SignIn", "--output", out.path, "--format", "dot"], broken: false)
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("SignIn-explorer-finding-1.jsonl").path))
  }
}
