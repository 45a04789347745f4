import DiagramCLI
import DiagramExplorer
import FeedbackGraph
import FeedbackLoopExamples
import FeedbackLoopExplorer
import Testing

// The "Exploring" article's registration, verbatim.
struct AppDiagrams: DiagramCommand {
  static var systems: [SystemGraph] { [SignIn.system().graph] }
  static var explorations: [RegisteredExploration] { [RegisteredExploration(ExampleExplorers.signIn)] }
}

/// `RegisteredExploration(explorer)`: one line registers an explorer for `diagram explore`.
@Suite struct RegisteredExplorationTests {
  @Test func oneLineRegistersTheExplorerUnderItsSystemsName() throws {
    let registered = try #require(AppDiagrams.explorations.first)
    #expect(registered.name == "SignIn")
    let output = registered.run()
    #expect(output.report == ExampleExplorers.signIn.run().report)
    #expect(!output.hasFindings)
    #expect(output.findingTraces.isEmpty)
    #expect(output.reachableGraph?.states.isEmpty == false)
    #expect(output.coveringTraces.count == ExampleExplorers.signIn.run().coveringPaths.count)
    #expect(registered.behaviour?(nil) != nil)
  }

  @Test func findingsComeWithOneTraceEach() {
    let explorer = ExampleExplorers.signIn.invariant("never submitting") { state in
      if case .submitting = state { return false }
      return true
    }
    let output = RegisteredExploration(explorer).run()
    #expect(output.hasFindings)
    #expect(output.findingTraces.count == 1)
    #expect(output.findingTraces.first?.header.test == "explorer: invariant-never-submitting")
  }
}
