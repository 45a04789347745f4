import FeedbackLoop

extension LoopRecorder {
  /// Sends `event` as the user would, runs what is due now on the scheduler, and asserts
  /// the state it produced: `update` turns the previous state into the expected one.
  ///
  /// ```swift
  /// loop.send(.emergency) { $0 = .red }
  /// ```
  ///
  /// Exhaustive recorders first require every event the loop received since the last
  /// assertion to be asserted with ``receive(_:from:at:fileID:filePath:line:column:_:)-(Event,_,_,_,_,_,_,_)``;
  /// without a closure they assert that the state did not change. With exhaustivity off,
  /// a send without a closure checks no state.
  public func send(
    _ event: Event,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ update: ((inout State) -> Void)? = nil
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    send(event, input: nil, at: site, update)
  }

  /// Sends `event` from outside (`input == nil`) or through the input named `input`, then
  /// asserts the state it produced (see ``send(_:fileID:filePath:line:column:_:)``).
  func send(_ event: Event, input: String?, at site: CallSite, _ update: ((inout State) -> Void)?) {
    let call = input.map { "send(\(describe(event)), from: \"\($0)\")" } ?? "send(\(describe(event)))"
    checkNewSteps(at: site)
    if exhaustivity == .on {
      let pending = unassertedEvents()
      if !pending.isEmpty {
        FailureReport(
          heading:
            "Must handle \(pending.count) received event\(pending.count == 1 ? "" : "s") before sending \(describe(event)):\n\(list(pending))",
          diff: nil,
          timeline: timeline(),
          fix: "assert \(pending.count == 1 ? "it" : "them") with receive(…) before this send, or call skipReceived().",
          step: pending.first?.index
        ).report(at: site, for: self)
        skipReceived()
      }
    }
    let mark = book.withLock(\.steps.count)
    if let input { loop.send(event, from: input) } else { loop.send(event) }
    scheduler.advance()
    let step = book.withLock { book in
      book.steps[mark...].first { $0.event.map { $0.source.feedbackName == input } ?? false }
    }
    guard let step else {
      FailureReport(
        heading: "\(call) was not reduced: the loop has stopped.",
        diff: nil, timeline: timeline(), fix: "send events before finish() or stop()."
      ).report(at: site, for: self)
      return
    }
    assertState(of: step, after: call, update: update, at: site)
  }

  /// Checks the state after `step` against the previous asserted state changed by
  /// `update`, then marks `step` (and everything before it) asserted.
  func assertState(
    of step: RecordedStep<State, Event>, after call: String, update: ((inout State) -> Void)?, at site: CallSite
  ) {
    guard let actual = step.after else { return }
    guard update != nil || exhaustivity == .on else {
      // Not exhaustive, and no closure: the call asserts the event, not the state.
      book.withLock { book in
        book.cursor = max(book.cursor, step.index + 1)
        book.baseline = actual
        book.assertedAt[step.index] = site
      }
      return
    }
    var expected = book.withLock { book -> State in
      if exhaustivity == .on { return book.baseline }
      // Not exhaustive: compare against the state right before this step.
      switch step.step {
      case .reduced(_, _, let before, _, _), .undeclaredTransition(_, _, let before, _, _): return before
      default: return actual
      }
    }
    let unchanged = expected
    update?(&expected)
    if update != nil, statesEqual(expected, unchanged), statesEqual(actual, unchanged) {
      FailureReport(
        heading: "\(call) changed nothing at step #\(step.index), and its closure describes no change either.",
        diff: nil,
        timeline: timeline(endingAt: step.index),
        fix: "omit the trailing closure: \(call) without one asserts that the state did not change.",
        step: step.index
      ).report(at: site, for: self)
    }
    book.withLock { book in
      book.cursor = max(book.cursor, step.index + 1)
      book.baseline = actual
      book.assertedAt[step.index] = site
    }
    guard !statesEqual(expected, actual) else { return }
    FailureReport(
      heading: "State mismatch after \(call) at step #\(step.index).",
      diff: FailureReport.diff(expected: expected, actual: actual),
      timeline: timeline(endingAt: step.index),
      fix:
        "make the closure of \(call) describe the state the loop reached (lines marked +), or fix the transition that produced it.",
      step: step.index
    ).report(at: site, for: self)
  }

  /// Event steps as an indented list for failure messages: `  #3 tick from timer`.
  func list(_ events: [RecordedStep<State, Event>]) -> String {
    events.compactMap { step in
      step.event.map { "  #\(step.index) \(describe($0.event)) from \($0.source)" }
    }.joined(separator: "\n")
  }

  /// The event steps not asserted yet.
  func unassertedEvents() -> [RecordedStep<State, Event>] {
    book.withLock { book in book.steps[book.cursor...].filter { $0.event != nil } }
  }
}
