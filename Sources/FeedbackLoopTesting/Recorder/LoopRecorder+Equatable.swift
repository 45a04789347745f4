public import FeedbackLoop
public import Foundation

extension LoopRecorder where State: Equatable {
  /// Starts recording `system` on `scheduler` and runs its initial turn (the effects the
  /// initial state starts are running when this returns).
  ///
  /// ```swift
  /// // Start where the interesting part begins, without rebuilding the system:
  /// let loop = LoopRecorder(SignIn.system(), initialState: .editing(validForm))
  /// loop.send(.submit) { $0 = .submitting(validForm) }
  /// ```
  ///
  /// - Parameters:
  ///   - system: the system to record.
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
  ///     recorder made in a helper is named after the test that called it).
  ///   - function: the calling function, the name when there is no running Swift Testing test.
  ///   - fileID: the caller's file ID, where a failure is reported (the call site by default).
  ///   - filePath: the caller's file path, where a failure is reported.
  ///   - line: the caller's line, where a failure is reported.
  ///   - column: the caller's column, where a failure is reported.
  @inlinable
  public convenience init(
    _ system: System<State, Event>,
    initialState: State? = nil,
    scheduler: TestScheduler = TestScheduler(),
    exhaustivity: Exhaustivity = .on,
    traceDirectory: URL? = nil,
    writesTrace: Bool = true,
    testName: String? = nil,
    function: String = #function,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      system, comparingStates: { $0 == $1 }, initialState: initialState, scheduler: scheduler,
      exhaustivity: exhaustivity, traceDirectory: traceDirectory, writesTrace: writesTrace, testName: testName,
      function: function,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Whether two values are equal through their dynamic types' `Hashable` conformance: the
/// state comparison for protocol-typed states whose conformers are `Hashable` (Feedbacks'
/// `struct Loading: State, Hashable`). Values of different types are different; a value
/// whose type is not `Hashable` equals nothing, so a test of such states fails with the
/// diff of the two states.
///
/// ```swift
/// let loop = LoopRecorder(volume, comparingStates: areEqualAsHashable, scheduler: scheduler)
/// ```
public func areEqualAsHashable<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
  guard let lhs = lhs as? any Hashable, let rhs = rhs as? any Hashable else { return false }
  return AnyHashable(lhs) == AnyHashable(rhs)
}
