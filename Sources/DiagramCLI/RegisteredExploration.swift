public import FeedbackGraph

/// An exploration `diagram explore NAME` can run, registered through
/// ``DiagramCommand/explorations``. Type-erased to plain data, so that this module (which
/// knows no runtime) can print its report and draw its results.
///
/// An explorer of `FeedbackLoopExplorer` registers in one line, `RegisteredExploration(explorer)`
/// (product `DiagramExplorer`), which also lets `diagram mutate` recognise equivalent
/// mutants. Anything else that can report registers through ``init(name:run:)``:
///
/// ```swift
/// // in your diagram executable, which imports the runtime and FeedbackLoopExplorer:
/// let checkout = RegisteredExploration(name: "Checkout") {
///   let exploration = checkoutExplorer.run()
///   return ExplorationOutput(
///     report: exploration.report, reachableGraph: exploration.reachableGraph(),
///     findingTraces: exploration.findings.compactMap(exploration.trace(for:)),
///     coveringTraces: exploration.coveringTraces, hasFindings: !exploration.findings.isEmpty)
/// }
/// ```
public struct RegisteredExploration: Sendable {
  /// The system's name, as `diagram explore NAME` takes it.
  package var name: String
  /// Runs the exploration.
  package var run: @Sendable () -> ExplorationOutput
  /// The reachable behaviour with a mutant switched on (see the initializer), or `nil`.
  package var behaviour: (@Sendable (Mutant?) -> ReachableBehaviour?)?

  /// An exploration named `name` (as `diagram explore NAME` takes it) that `run` runs.
  /// `diagram mutate` never calls the system's mutants equivalent: only an explorer's
  /// registration (`RegisteredExploration(explorer)`) can explore them.
  public init(name: String, run: @escaping @Sendable () -> ExplorationOutput) {
    self.init(name: name, run: run, behaviour: nil)
  }

  /// The same, with `behaviour`: the reachable behaviour of the system with a mutant
  /// switched on (`nil`: the declared system), for `diagram mutate` to recognise equivalent
  /// mutants and to take the states of computed retargets that no test's trace recorded.
  package init(
    name: String, run: @escaping @Sendable () -> ExplorationOutput,
    behaviour: (@Sendable (Mutant?) -> ReachableBehaviour?)?
  ) {
    self.name = name
    self.run = run
    self.behaviour = behaviour
  }
}

/// What an exploration gives `diagram explore`: its report, the reachable graph to draw,
/// and traces (one per finding, and the covering paths) to write.
public struct ExplorationOutput: Sendable {
  /// The report, printed as is.
  package var report: String
  /// The reachable states as a graph, drawn as `<System>-reachable.states.*`.
  package var reachableGraph: SystemGraph?
  /// One trace per finding with a path.
  package var findingTraces: [Trace]
  /// One trace per covering path.
  package var coveringTraces: [Trace]
  /// Whether there are findings: the command then exits with status 1.
  package var hasFindings: Bool

  /// An exploration's output.
  public init(
    report: String, reachableGraph: SystemGraph?, findingTraces: [Trace], coveringTraces: [Trace], hasFindings: Bool
  ) {
    self.report = report
    self.reachableGraph = reachableGraph
    self.findingTraces = findingTraces
    self.coveringTraces = coveringTraces
    self.hasFindings = hasFindings
  }
}
