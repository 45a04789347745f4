import ArgumentParser
import DiagramCLI
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import Testing

/// `diagram explore NAME` end to end, on the built binary.
@Suite(.serialized) struct ExploreCommandTests {
  @Test func exploresTrafficLightDrawsItAndItsCoveringPathsCoverEveryTransition() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: DiagramBinaryTests.binary.path), "build the diagram product first")
    let folder = try DiagramBinaryTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }

    let explore = try DiagramBinaryTests.run(
      ["explore", "TrafficLight", "--output", "out", "--format", "dot,png"], in: folder)
    #expect(explore.status == 0, "\(explore.output)")
    #expect(
      explore.output == """
        Explored TrafficLight: 3 states, 5 transitions, depth 2; complete: every reachable state was visited.
        No findings.
        Wrote TrafficLight-reachable.states.dot, TrafficLight-reachable.states.png, TrafficLight-explorer-covering-1.jsonl, TrafficLight-explorer-covering-2.jsonl, TrafficLight.explorer_covering_path_1.trace.html, TrafficLight.explorer_covering_path_2.trace.html into out/

        """)
    let dot = try String(
      contentsOf: folder.appendingPathComponent("out/TrafficLight-reachable.states.dot"), encoding: .utf8)
    #expect(dot.contains(#"label="tick""#))
    #expect(dot.contains(#"label="emergency""#))

    // The covering paths exercise every declared transition: 4/4 (counted when asked: no
    // test wrote them).
    let coverage = try DiagramBinaryTests.run(
      ["coverage", "out", "--include", "explorer", "--format", "dot", "--output", "cov"], in: folder)
    #expect(coverage.status == 0, "\(coverage.output)")
    #expect(coverage.output.contains("TrafficLight   4/4 (100%)  3/3 (100%)       2      6"))

    let trace = try DiagramBinaryTests.run(
      ["trace", "out/TrafficLight-explorer-covering-1.jsonl", "--format", "dot", "--output", "tr"], in: folder)
    #expect(trace.status == 0, "\(trace.output)")
  }

  @Test func theExamplesHaveNoFindingsAndUnknownNamesAreOneLineErrors() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: DiagramBinaryTests.binary.path), "build the diagram product first")
    let folder = try DiagramBinaryTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }

    // The example's explorer presses the volume keys, so both transitions fire.
    let volume = try DiagramBinaryTests.run(["explore", "Volume", "--output", "out", "--format", "dot"], in: folder)
    #expect(volume.status == 0)
    #expect(
      volume.output.hasPrefix(
        """
        Explored Volume: 1 state, 0 transitions, depth 0; complete: every reachable state was visited.
        No findings.
        """))

    let unknown = try DiagramBinaryTests.run(["explore", "Nope"], in: folder)
    #expect(unknown.status != 0)
    #expect(
      unknown.output
        == #"Error: unknown system "Nope"; known systems: Counter, Movies, SignIn, TrafficLight, Uploader, Volume"#
        + "\n")

    let list = try DiagramBinaryTests.run(["explore", "--list"], in: folder)
    #expect(list.output == "Counter\nMovies\nSignIn\nTrafficLight\nUploader\nVolume\n")
  }

  /// A command whose exploration has findings: `diagram explore` says so and exits with 1.
  struct Flawed: DiagramCommand {
    static var systems: [SystemGraph] { [TrafficLight.system.graph] }
    static var explorations: [RegisteredExploration] {
      [
        RegisteredExploration(name: "TrafficLight") {
          ExplorationOutput(
            report: "Explored TrafficLight: 1 finding", reachableGraph: nil, findingTraces: [], coveringTraces: [],
            hasFindings: true)
        }
      ]
    }
  }

  @Test func findingsExitWithStatusOne() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(throws: ExitCode(1)) {
      try Fixtures.alone {
        var command = try DiagramTool<Flawed>.parseAsRoot(
          ["explore", "TrafficLight", "--output", folder.appendingPathComponent("out").path])
        try command.run()
      }
    }
  }
}
