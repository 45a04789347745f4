public import FeedbackGraph

/// An exploration `diagram explore NAME` can run, registered through
/// ``DiagramCommand/explorations``. Type-erased to plain data, so that this module (which
/// knows no runtime) can print its report and draw its results.
///
/// ```swift
/// // in your diagram executable, which imports the runtime and FeedbackLoopExplorer:
/// let checkout = RegisteredExploration(name: "Checkout") {
///   let exploration = checkoutExplorer.run()
///   return ExplorationOutput(
///     report: exploration.report, reachableGraph: exploration.reachableGraph(),
///     findingTraces: exploration.findings.compactMap(exploration.trace(for:)),
///     coveringTraces: exploration.coveringTraces, hasFindings: !exploration.findings.isEmpty)
/// } behaviour: { mutant in
///   checkoutExplorer.behaviour(applying: mutant)
/// }
/// ```
public struct RegisteredExploration: Sendable {
  /// The system's name, as `diagram explore NAME` takes it.
  public var name: String
  /// Runs the exploration.
  public var run: @Sendable () -> ExplorationOutput
  /// The reachable behaviour of the system with a mutant switched on (`nil`: the declared
  /// system), for `diagram mutate` to recognise equivalent mutants and to take the states
  /// of computed retargets that no test's trace recorded (`ReachableBehaviour.samples`);
  /// `nil` when not given (its mutants are then never called equivalent). With
  /// `FeedbackLoopExplorer`:
  /// `{ explorer.behaviour(applying: $0) }`.
  public var behaviour: (@Sendable (Mutant?) -> ReachableBehaviour?)?

  /// An exploration named `name`; `behaviour` (see ``behaviour``) lets `diagram mutate`
  /// recognise equivalent mutants of the system.
  public init(
    name: String, run: @escaping @Sendable () -> ExplorationOutput,
    behaviour: (@Sendable (Mutant?) -> ReachableBehaviour?)? = nil
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
  public var report: String
  /// The reachable states as a graph, drawn as `<System>-reachable.states.*`.
  public var reachableGraph: SystemGraph?
  /// One trace per finding with a path.
  public var findingTraces: [Trace]
  /// One trace per covering path.
  public var coveringTraces: [Trace]
  /// Whether there are findings: the command then exits with status 1.
  public var hasFindings: Bool

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
