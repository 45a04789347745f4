import DiagramCLI
import FeedbackLoopExamples
import FeedbackLoopExplorer

extension RegisteredExploration {
  /// `explorer` as plain data for `diagram explore`.
  init<State, Event>(_ explorer: Explorer<State, Event>) {
    self.init(name: explorer.system.name) {
      let exploration = explorer.run()
      return ExplorationOutput(
        report: exploration.report,
        reachableGraph: exploration.reachableGraph(),
        findingTraces: exploration.findings.compactMap(exploration.trace(for:)),
        coveringTraces: exploration.coveringTraces,
        hasFindings: !exploration.findings.isEmpty)
    } behaviour: { mutant in
      explorer.behaviour(applying: mutant)
    }
  }
}

extension Diagrams {
  /// The examples' explorers.
  static var explorations: [RegisteredExploration] {
    [
      RegisteredExploration(ExampleExplorers.counter),
      RegisteredExploration(ExampleExplorers.movies),
      RegisteredExploration(ExampleExplorers.signIn),
      RegisteredExploration(ExampleExplorers.trafficLight),
      RegisteredExploration(ExampleExplorers.uploader),
      RegisteredExploration(ExampleExplorers.volume),
    ]
  }
}
