public import FeedbackLoop
public import Foundation
public import FeedbackGraph
public import FeedbackLoopSupport

/// Trace names claimed by this process (see ``LoopRecorder/claimTraceName(_:)``).
@usableFromInline let _claimedTraceNames = Protected<[String: Int]>([:])

/// Runs a `System` on a ``TestScheduler`` and records every step, so that a test can
/// assert the loop event by event.
///
/// ```swift
/// @Test func lightCycles() {
///   let scheduler = TestScheduler()
///   let loop = LoopRecorder(TrafficLight.system, scheduler: scheduler)
///   scheduler.advance(by: .seconds(30))
///   loop.receive(.tick, from: "timer") { $0 = .green }
///   loop.send(.emergency) { $0 = .red }
///   scheduler.advance(by: .seconds(30))
///   loop.receive(.tick) { $0 = .green }
///   loop.skipInFlightEffects()  // the timer re-arms forever
/// }
/// ```
///
/// The recorder is exhaustive by default (``Exhaustivity/on``): every event the loop
/// reduces must be asserted in order with `send` or `receive`, each with the state it
/// produced; at the end (``finish(fileID:filePath:line:column:)``, or when the recorder is released) an unasserted
/// event, a running effect or a pending timer fails the test. Every failure is reported
/// through IssueReporting at the line of the call that found it — in Swift Testing and in
/// XCTest alike — with a heading, a diff (`−` expected, `+` actual), the last steps of the
/// timeline and a "To fix" line.
///
/// A recording that fails is written as JSON Lines when it finishes, into
/// `.build/feedbackloop/traces/` of the package under test, and its failures name the file,
/// the command that draws it and the page to step through it (<doc:ReadingAFailure>); a
/// passing one writes nothing. Set `FEEDBACKLOOP_TRACE_DIR` (or pass `traceDirectory:`) to
/// have every recording written there, failing or not, for `diagram coverage` and replay;
/// set it to the empty string to write none.
///
/// - Complexity: each assertion is O(k) in the steps since the previous one; recording a
///   step is amortized O(1).
public final class LoopRecorder<State: Sendable, Event: Sendable>: Sendable {
  /// The running loop.
  public let loop: Loop<State, Event>
  /// The scheduler the loop runs on.
  public let scheduler: TestScheduler
  /// How strictly the test is checked.
  public let exhaustivity: Exhaustivity
  @usableFromInline let system: System<State, Event>
  /// How states are compared: `==` for `Equatable` states, or what the test passed.
  @usableFromInline let statesEqual: @Sendable (State, State) -> Bool
  @usableFromInline let origin: CallSite
  @usableFromInline let testName: String
  /// The file ID of the test the trace is named after (its file's name is part of the
  /// trace file's): the running test's, else the caller's.
  @usableFromInline let traceFileID: String
  @usableFromInline let traceDirectory: URL?
  /// Whether ``traceDirectory`` is the default folder of failure traces
  /// (`FailureTraces`): written only when the recording failed, under a unique name.
  @usableFromInline let tracesOnlyFailures: Bool
  /// The root of the package whose test made the recorder, when found: where the command
  /// that draws a trace runs.
  @usableFromInline let packageRoot: URL?
  /// Whether a failure's trace would have gone to the default folder, had the package root
  /// been found: the message then says what to set.
  @usableFromInline let tracesLackPackage: Bool
  /// Told apart from an earlier recording of this process with the same trace file name
  /// (two recorders in one test): `2`, `3`, …
  @usableFromInline let traceSuffix: Int?
  /// The system's graph, for naming transitions in messages and traces: made on first
  /// use (it walks every declaration), then kept.
  @usableFromInline let cachedGraph = Protected<SystemGraph?>(nil)
  @usableFromInline let book: Protected<Book>

  /// What the recorder knows; shared with the loop's monitor.
  @usableFromInline
  struct Book: Sendable {
    @usableFromInline var steps: StepLog<State, Event>
    /// Steps before this index are asserted (or skipped).
    var cursor = 0
    /// The state as the test last asserted it.
    var baseline: State
    /// Steps checked for invariants and undeclared transitions.
    var checked = 0
    var assertedAt: [Int: CallSite] = [:]
    /// Invariants in the order they were added; an invariant is its position here, not its
    /// description (two unnamed invariants are two invariants).
    var invariants: [(description: String, holds: @Sendable (State) -> Bool)] = []
    var skippedEffects: Set<EffectID> = []
    /// The cancellation steps asserted with `receiveCancellation(of:at:)`.
    var assertedCancellations: Set<Int> = []
    var finished = false
    /// The first failure reported: its step, if it concerns one, and its message.
    var firstFailure: (step: Int?, message: String)?

    @usableFromInline
    init(baseline: State, feedbackNames: [String], statesEqual: @escaping @Sendable (State, State) -> Bool) {
      self.baseline = baseline
      self.steps = StepLog(feedbackNames: feedbackNames, statesEqual: statesEqual)
    }
  }

  /// Starts recording a system whose states are not `Equatable` (a protocol type, as in
  /// Feedbacks' one-type-per-state style), comparing states with `statesEqual`.
  ///
  /// ```swift
  /// let loop = LoopRecorder(volume, comparingStates: areEqualAsHashable, scheduler: scheduler)
  /// loop.send(Increase()) { $0 = Level(value: 6) }
  /// ```
  ///
  /// Everything else is as in the `Equatable` initializer: the same assertions, diffs and
  /// messages.
  ///
  /// - Parameters:
  ///   - system: the system to record.
  ///   - statesEqual: whether two states are the same, for every state assertion;
  ///     ``areEqualAsHashable(_:_:)`` compares protocol-typed states whose conformers are
  ///     `Hashable`.
  ///   - initialState: the state the loop starts in; the system's `initial` by default.
  ///     The system's feedbacks run on it as on any initial state. (Diagrams and trace
  ///     headers still show the system's declared initial state; the trace's first step
  ///     shows this one.)
  ///   - scheduler: the virtual time the loop runs on; move it with `advance(by:)`.
  ///   - exhaustivity: ``Exhaustivity/on`` (the default) requires every event, state and
  ///     effect to be asserted.
  ///   - traceDirectory: where to write the recording as JSON Lines when it finishes;
  ///     defaults to the `FEEDBACKLOOP_TRACE_DIR` environment variable, if set.
  ///   - writesTrace: `false` never writes a trace, whatever `traceDirectory` and the
  ///     environment say (for a test that makes thousands of recordings).
  ///   - testName: names the trace file; by default the running Swift Testing test (so a
  ///     recorder made in a helper is named after the test that called the helper), else the
  ///     calling function (XCTest).
  ///   - function: the calling function, the name when there is no running Swift Testing test.
  ///   - fileID: the caller's file ID, where a failure is reported (the call site by default).
  ///   - filePath: the caller's file path, where a failure is reported.
  ///   - line: the caller's line, where a failure is reported.
  ///   - column: the caller's column, where a failure is reported.
  @inlinable
  public init(
    _ system: System<State, Event>,
    comparingStates statesEqual: @escaping @Sendable (State, State) -> Bool,
    initialState: State? = nil,
    scheduler: TestScheduler = TestScheduler(),
    exhaustivity: Exhaustivity = .on,
    traceDirectory: URL? = nil,
    writesTrace: Bool = true,
    testName: String? = nil,
    function: String = #function,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    // `diagram mutate`'s mutant, when this process runs with one and it is this system's.
    let system = MutantSwitch.applied(to: system)
    self.system = system
    self.statesEqual = statesEqual
    self.scheduler = scheduler
    self.exhaustivity = exhaustivity
    self.origin = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let running = testName == nil ? Self.runningTest() : nil
    let name = testName ?? running?.name ?? function
    let traceFileID = running?.fileID ?? "\(fileID)"
    self.testName = name
    self.traceFileID = traceFileID
    let destination = Self.traceDestination(given: traceDirectory, writesTrace: writesTrace, filePath: "\(filePath)")
    self.traceDirectory = destination.directory
    self.tracesOnlyFailures = destination.onlyFailures
    self.packageRoot = destination.root
    self.tracesLackPackage = destination.lacksPackage
    self.traceSuffix = self.traceDirectory.flatMap {
      Self.claimTraceName(
        $0.appendingPathComponent(
          Self.traceBaseName(
            system: system.name, fileID: traceFileID, test: name, onlyFailures: destination.onlyFailures)
        ).path)
    }
    let book = Protected(
      Book(
        baseline: initialState ?? system.initial, feedbackNames: system.feedbacks.map(\.name),
        statesEqual: statesEqual))
    self.book = book
    // Under a mutant, a loop that runs away (an endless chain of events) is stopped and fails
    // the test at once, rather than at `diagram mutate`'s time limit.
    let runaway = MutantSwitch.runawayStop(for: system.name)
    let probe = StepObserver<State, Event> { step in
      let time = scheduler.nowNanoseconds
      let count = book.withLock(step) { book, step in
        book.steps.append(step, time: time)
        return book.steps.count
      }
      if let runaway, count == MutantSwitch.runawaySteps {
        runaway.stop(fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }
    self.loop = Loop(system, scheduler: scheduler, probe: probe, startingIn: initialState)
    runaway?.watch(loop)
    reportMisdeclaredFeedbacks()
    scheduler.advance()
  }

  /// Fails the test for each feedback that can never run in this system (one typed on a
  /// type no state of the system can be), at the line that made the recorder.
  @usableFromInline
  func reportMisdeclaredFeedbacks() {
    let state = loop.state
    for feedback in system.feedbacks {
      guard let problem = feedback.stateTypeProblem?(state) else { continue }
      FailureReport(
        heading: "In \(system.name), \(problem).", diff: nil, timeline: timeline(),
        fix: "give the feedback's closure a parameter of the system's state type (or of a type its states can have)."
      ).report(at: origin, for: self)
    }
  }

  /// Where the recording's trace goes: `given`, else `FEEDBACKLOOP_TRACE_DIR` (none when it
  /// is set to the empty string), else the default folder of failure traces in the package
  /// of the test file at `filePath` (only for failures); nothing when `writesTrace` is false.
  @usableFromInline
  static func traceDestination(given: URL?, writesTrace: Bool, filePath: String) -> (
    directory: URL?, onlyFailures: Bool, root: URL?, lacksPackage: Bool
  ) {
    let root = FailureTraces.packageRoot(ofSourceFile: filePath)
    guard writesTrace else { return (nil, false, root, false) }
    if let given { return (given, false, root, false) }
    if let variable = ProcessInfo.processInfo.environment["FEEDBACKLOOP_TRACE_DIR"] {
      return (variable.isEmpty ? nil : URL(fileURLWithPath: variable, isDirectory: true), false, root, false)
    }
    return (root.map(FailureTraces.folder(inPackage:)), root != nil, root, root == nil)
  }

  /// Trace names claimed by this process, and how often.
  @usableFromInline static var claimedTraceNames: Protected<[String: Int]> { _claimedTraceNames }

  /// Claims `name`: `nil` the first time, then 2, 3, …
  @usableFromInline
  static func claimTraceName(_ name: String) -> Int? {
    claimedTraceNames.withLock { names in
      names[name, default: 0] += 1
      return names[name]! == 1 ? nil : names[name]!
    }
  }

  /// The system's graph (see `cachedGraph`).
  var graph: SystemGraph {
    if let graph = cachedGraph.withLock({ $0 }) { return graph }
    let graph = system.graph
    cachedGraph.withLock { $0 = graph }
    return graph
  }

  deinit {
    if !book.withLock(\.finished) { finish(at: origin) }
  }

  /// The loop's current state.
  public var state: State { loop.state }

  /// Every step recorded so far.
  public var steps: [RecordedStep<State, Event>] { book.withLock { Array($0.steps) } }

  /// Adds a condition that every state of the loop must satisfy: states already recorded
  /// are checked at once, later ones at the next assertion and at the end.
  public func invariant(
    _ description: String = "invariant",
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ holds: @escaping @Sendable (State) -> Bool
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let added = book.withLock { book in
      book.invariants.append((description, holds))
      return book.invariants.count - 1
    }
    checkSteps(at: site, onlyInvariant: added)
  }

  /// Checks the steps recorded since the last check: invariants hold, no transition
  /// landed outside its declared targets.
  func checkNewSteps(at site: CallSite) {
    checkSteps(at: site, onlyInvariant: nil)
  }

  /// With `onlyInvariant` (a position in `Book.invariants`), checks the steps already
  /// checked against that new invariant; otherwise checks the new steps against everything.
  private func checkSteps(at site: CallSite, onlyInvariant added: Int?) {
    // Look only where there is something to check: the recording can hold millions of
    // steps, and undeclared transitions are indexed as they are recorded.
    let (steps, invariants) = book.withLock {
      book -> ([RecordedStep<State, Event>], [(description: String, holds: @Sendable (State) -> Bool)]) in
      let range = added != nil ? 0..<book.checked : book.checked..<book.steps.count
      if added == nil { book.checked = book.steps.count }
      let invariants = added.map { [book.invariants[$0]] } ?? book.invariants
      var found = added != nil ? [] : book.steps.undeclared.filter(range.contains)
      if !invariants.isEmpty {
        for index in range {
          guard let state = book.steps.stateAfter(at: index) else { continue }
          if !invariants.allSatisfy({ $0.holds(state) }) { found.append(index) }
        }
      }
      return (Set(found).sorted().map { book.steps[$0] }, invariants)
    }
    for step in steps {
      if added == nil,
        case .undeclaredTransition(let event, let source, let before, let after, let transition) = step.step
      {
        FailureReport(
          heading:
            "Undeclared transition at step #\(step.index): \(describe(event)) from \(source) turned \(describe(before)) into \(describe(after)), outside the targets of \(graph.describe(transition)).",
          diff: nil,
          timeline: timeline(endingAt: step.index),
          fix:
            "add \(system.nodeName(of: after)) to the targets of \(graph.describe(transition)), or fix the closure that computed it.",
          step: step.index
        ).report(at: site, for: self)
      }
      guard let state = step.after else { continue }
      for check in invariants where !check.holds(state) {
        FailureReport(
          heading: "Invariant \"\(check.description)\" violated at step #\(step.index): \(describe(state)).",
          diff: nil,
          timeline: timeline(endingAt: step.index),
          fix:
            "find the event that led to step #\(step.index) in the timeline; its transition or reducer breaks the invariant.",
          step: step.index
        ).report(at: site, for: self)
      }
    }
  }

  func describe(_ value: Any) -> String {
    String(describing: value)
  }
}
