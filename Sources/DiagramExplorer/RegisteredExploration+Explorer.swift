public import DiagramCLI
public import FeedbackLoopExplorer

extension RegisteredExploration {
  /// Registers `explorer` for `diagram explore NAME` (NAME: its system's name) in one line:
  /// the command runs it, prints its report, draws its reachable graph and writes a trace
  /// per finding and per covering path; `diagram mutate` explores the system's mutants with
  /// it to recognise equivalent ones.
  ///
  /// In your diagram executable (products `DiagramCLI` and `DiagramExplorer`):
  ///
  /// ```swift
  /// struct AppDiagrams: DiagramCommand {
  ///   static var systems: [SystemGraph] { [SignIn.system().graph] }
  ///   static var explorations: [RegisteredExploration] { [RegisteredExploration(ExampleExplorers.signIn)] }
  /// }
  /// ```
  public init<State, Event>(_ explorer: Explorer<State, Event>) {
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
