public import FeedbackLoop

/// One expected step of ``LoopRecorder/expect(fileID:filePath:line:column:_:)``: an event
/// to send, an event to receive, or time to let pass.
public struct Expectation<State: Equatable & Sendable, Event: Sendable>: Sendable {
  let run: @Sendable (LoopRecorder<State, Event>, CallSite) -> Void

  /// Sends `event` and expects `update` of the state.
  public static func send(
    _ event: Event, line: UInt = #line, _ update: (@Sendable (inout State) -> Void)? = nil
  ) -> Expectation {
    Expectation { recorder, site in
      recorder.send(event, fileID: site.fileID, filePath: site.filePath, line: line, column: 1, update)
    }
  }

  /// Expects the next received event to match `pattern`, with `update` of the state.
  public static func receive(
    _ pattern: EventPattern<Event>, from feedback: String? = nil, line: UInt = #line,
    _ update: (@Sendable (inout State) -> Void)? = nil
  ) -> Expectation {
    Expectation { recorder, site in
      recorder.receive(pattern, from: feedback, fileID: site.fileID, filePath: site.filePath, line: line, column: 1, update)
    }
  }

  /// Lets `duration` of virtual time pass (a time mark in the sequence).
  public static func wait(_ duration: Duration) -> Expectation {
    Expectation { recorder, _ in recorder.scheduler.advance(by: duration) }
  }
}

extension Expectation where Event: Equatable {
  /// Expects the next received event to be `event` (from `feedback`, if given).
  public static func receive(
    _ event: Event, from feedback: String? = nil, line: UInt = #line, _ update: (@Sendable (inout State) -> Void)? = nil
  ) -> Expectation {
    Expectation { recorder, site in
      recorder.receive(event, from: feedback, fileID: site.fileID, filePath: site.filePath, line: line, column: 1, update)
    }
  }
}

/// Builds the list of steps of ``LoopRecorder/expect(fileID:filePath:line:column:_:)``.
@resultBuilder
public enum ExpectationBuilder<State: Equatable & Sendable, Event: Sendable> {
  public static func buildExpression(_ step: Expectation<State, Event>) -> [Expectation<State, Event>] { [step] }
  public static func buildBlock(_ parts: [Expectation<State, Event>]...) -> [Expectation<State, Event>] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [Expectation<State, Event>]?) -> [Expectation<State, Event>] { part ?? [] }
  public static func buildEither(first part: [Expectation<State, Event>]) -> [Expectation<State, Event>] { part }
  public static func buildEither(second part: [Expectation<State, Event>]) -> [Expectation<State, Event>] { part }
  public static func buildArray(_ parts: [[Expectation<State, Event>]]) -> [Expectation<State, Event>] { parts.flatMap { $0 } }
}

extension LoopRecorder {
  /// Runs a marble-like sequence of expected steps, in order:
  ///
  /// ```swift
  /// loop.expect {
  ///   .wait(.seconds(30))
  ///   .receive(.tick, from: "timer") { $0 = .green }
  ///   .send(.emergency) { $0 = .red }
  /// }
  /// ```
  public func expect(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    @ExpectationBuilder<State, Event> _ steps: () -> [Expectation<State, Event>]
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    for step in steps() { step.run(self, site) }
  }
}
