import FeedbackLoop

extension LoopRecorder {
  /// Sends `event` through the loop's input named `input` (`Feedback.input(_:emits:)`), as
  /// the app would, runs what is due now, and asserts the state it produced.
  ///
  /// ```swift
  /// loop.send(.entered("1234"), from: "keypad") { $0 = .checking("1234") }
  /// ```
  ///
  /// Like ``send(_:fileID:filePath:line:column:_:)``, with the input as the event's source.
  /// An input the system does not declare fails the test and sends nothing.
  public func send(
    _ event: Event, from input: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ update: ((inout State) -> Void)? = nil
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard loop.hasInput(input) else {
      FailureReport(
        heading:
          "send(\(describe(event)), from: \"\(input)\"): \(system.name) has no input named \"\(input)\" (its inputs: \(loop.inputNames)).",
        diff: nil, timeline: timeline(),
        fix: "declare Feedback.input(\"\(input)\") in the system, or send from one of its inputs."
      ).report(at: site, for: self)
      return
    }
    send(event, input: input, at: site, update)
  }
}
