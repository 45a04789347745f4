import DiagramCLI
import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopExamples
import FeedbackLoopExplorer
import Testing

/// The doc comments' examples of `RegisteredExploration` and
/// `Exploration.reachableGraph()`, verbatim (DocCommentMirrorCheckTests), run.
@Suite(.timeLimit(.minutes(3))) struct RegisteredExplorationDocCommentTests {
  /// `RegisteredExploration.init(name:run:)`: an exploration registered by hand, which
  /// explores no mutant (only `RegisteredExploration(explorer)` does).
  @Test func anExplorationRegisteredByHandRuns() {
    let checkoutExplorer = ExampleExplorers.signIn

    // in your diagram executable, which imports the runtime and FeedbackLoopExplorer:
    let checkout = RegisteredExploration(name: "Checkout") {
      let exploration = checkoutExplorer.run()
      return ExplorationOutput(
        report: exploration.report, reachableGraph: exploration.reachableGraph(),
        findingTraces: exploration.findings.compactMap(exploration.trace(for:)),
        coveringTraces: exploration.coveringTraces, hasFindings: !exploration.findings.isEmpty)
    }

    let output = checkout.run()
    #expect(checkout.name == "Checkout")
    #expect(output.report == checkoutExplorer.run().report)
    #expect(!output.hasFindings)
    #expect(checkout.behaviour == nil)
    #expect(RegisteredExploration(checkoutExplorer).behaviour?(nil) != nil)
  }

  /// `Exploration.reachableGraph()`: the counter's reachable states, drawn.
  @Test func theReachableGraphIsDrawnLikeAnySystem() throws {
    let exploration = Explorer(Counter.system(), events: [.increment, .decrement], maxDepth: 2).run()
    let data = try Diagram.render(exploration.reachableGraph(), figure: .states, as: .svg)

    #expect(String(decoding: data, as: UTF8.self).contains("<svg"))
    #expect(exploration.reachableGraph().states.count == 5)
  }
}
