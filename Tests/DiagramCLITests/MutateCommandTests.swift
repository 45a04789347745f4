import DiagramCLI
import FeedbackGraph
import FeedbackLoopExamples
import FeedbackMutation
import Foundation
import Testing

/// `diagram mutate` end to end on the built binary, without running tests: listing,
/// bad input, and merging shards' results into the score, the figure and the exit status.
@Suite(.serialized) struct MutateCommandTests {
  static func results(_ statuses: [MutantResult.Status], shard: String) throws -> Data {
    let mutants = TrafficLight.system.graph.mutants
    let report = MutationReport(
      shard: shard,
      results: zip(mutants.prefix(statuses.count), statuses).map { mutant, status in
        MutantResult(
          mutant: mutant, status: status, tests: ["lightCycles()"], killedBy: status == .killed ? ["lightCycles()"] : []
        )
      }, suiteSeconds: 2, totalSeconds: 4, testRuns: statuses.count)
    return Data(try report.json().utf8)
  }

  @Test func listsTheMutantsAndRejectsBadInputWithAClearFirstLine() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: DiagramBinaryTests.binary.path), "build the diagram product first")
    let folder = try DiagramBinaryTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }

    let list = try DiagramBinaryTests.run(["mutate", "--list"], in: folder)
    #expect(list.status == 0)
    let lines = list.output.split(separator: "\n")
    #expect(lines.count == ExampleCatalog.graphs.flatMap(\.mutants).count)
    #expect(lines.contains { $0.hasSuffix("\tTrafficLight: red —tick→ yellow (was green)") })

    for (arguments, message) in [
      (["mutate", "--list", "--mutant", "TrafficLight/nope"], "Error: unknown mutant \"TrafficLight/nope\""),
      (["mutate", "--merge", "missing.json"], "Error: cannot read mutation results file missing.json"),
      (["mutate", "--min-score", "2", "--merge", "a.json"], "Error: --min-score 2.0 is out of range"),
    ] {
      let run = try DiagramBinaryTests.run(arguments, in: folder)
      #expect(run.status != 0, "\(arguments)")
      #expect(run.output.hasPrefix(message), "\(arguments): \(run.output)")
    }
    // A bad option is the one line that names it: no usage after it.
    for (arguments, line) in [
      (
        ["mutate", "--shard", "3/2"],
        "Error: The value '3/2' is invalid for '--shard <shard>': expected i/n with 1 ≤ i ≤ n (e.g. 2/4)"
      ),
      (["mutate", "--jobs", "0"], "Error: --jobs 0 is not a number of processes; expected 1 or more."),
      (["mutate", "--bogus"], "Error: Unknown option '--bogus'. Did you mean '--jobs'?"),
    ] {
      let run = try DiagramBinaryTests.run(arguments, in: folder)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.output == line + "\n", "\(arguments)")
    }
  }

  @Test func mergedShardsGiveTheScoreTheFigureAndTheExitStatus() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: DiagramBinaryTests.binary.path), "build the diagram product first")
    let folder = try DiagramBinaryTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.results([.killed, .survived], shard: "1/2").write(to: folder.appendingPathComponent("a.json"))
    try Self.results([.killed, .survived, .killed, .killed], shard: "2/2").suffix(from: 0).write(
      to: folder.appendingPathComponent("b.json"))
    // b.json repeats a.json's first two mutants: the merge refuses it.
    let repeated = try DiagramBinaryTests.run(["mutate", "--merge", "a.json", "b.json"], in: folder)
    #expect(repeated.status != 0)
    #expect(repeated.output.contains("is in two of the merged results"))

    let mutants = TrafficLight.system.graph.mutants
    let other = MutationReport(
      shard: "2/2", results: [MutantResult(mutant: mutants[2], status: .killed, tests: ["lightCycles()"])],
      suiteSeconds: 2, totalSeconds: 4, testRuns: 1)
    try Data(try other.json().utf8).write(to: folder.appendingPathComponent("b.json"))
    let merged = try DiagramBinaryTests.run(
      ["mutate", "--merge", "a.json", "b.json", "--min-score", "0.9", "--format", "dot", "--output", "out"], in: folder)
    #expect(merged.status != 0)
    #expect(
      merged.output.contains(
        "Mutation score 0.67: 2/3 killed, 1 survived, 0 equivalent, 0 driven by the tests (left out); 3 mutants"))
    #expect(merged.output.contains("Killed:\n  \(mutants[0].name)\n    by: lightCycles()\n"))
    // b.json was written without the killing test: the report says so rather than guess.
    #expect(merged.output.contains("  \(mutants[2].name)\n    by: one of lightCycles() (not recorded which)\n"))
    #expect(merged.output.contains("  \(mutants[1].name)\n    ran by: lightCycles()"))
    #expect(merged.output.contains("Error: mutation score 0.67 is below --min-score 0.90 (1 survivor listed above)"))
    let dot = try String(contentsOf: folder.appendingPathComponent("out/TrafficLight.mutants.dot"), encoding: .utf8)
    #expect(dot.contains("survived ×1"))

    let passing = try DiagramBinaryTests.run(
      ["mutate", "--merge", "a.json", "b.json", "--min-score", "0.5", "--format", "dot", "--output", "out", "--json"],
      in: folder)
    #expect(passing.status == 0, "\(passing.output)")
    #expect(passing.output.contains(#""status" : "survived""#))
  }

  @Test func neverReplacesAFileItDidNotWrite() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: DiagramBinaryTests.binary.path), "build the diagram product first")
    let folder = try DiagramBinaryTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.results([.killed], shard: "1/1").write(to: folder.appendingPathComponent("a.json"))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: folder.appendingPathComponent("out/TrafficLight.mutants.dot"))
    let run = try DiagramBinaryTests.run(
      ["mutate", "--merge", "a.json", "--format", "dot", "--output", "out"], in: folder)
    #expect(run.status != 0)
    #expect(run.output.contains("that diagram did not write: TrafficLight.mutants.dot"))
    #expect(
      try String(contentsOf: folder.appendingPathComponent("out/TrafficLight.mutants.dot"), encoding: .utf8) == "mine")
  }
}
