public import FeedbackLoop

extension LoopRecorder where Event: Equatable {
  /// Asserts that the next event the loop received is `event` (from the feedback named
  /// `feedback`, if given) and that it changed the state as `update` describes.
  ///
  /// ```swift
  /// scheduler.advance(by: .seconds(30))
  /// loop.receive(.tick, from: "timer") { $0 = .green }
  /// ```
  ///
  /// It does not move time: advance the scheduler first so that the effect can emit. With
  /// `at`, the event must also have been received at exactly that virtual time:
  ///
  /// ```swift
  /// loop.receiveNothing(before: .seconds(30))
  /// loop.receive(.tick, from: "timer", at: .seconds(30)) { $0 = .green }
  /// ```
  public func receive(
    _ event: Event, from feedback: String? = nil, at time: Duration? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ update: ((inout State) -> Void)? = nil
  ) {
    receive(
      matching: { $0 == event }, expected: event, description: describe(event), from: feedback, time: time,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), update: update)
  }
}

extension LoopRecorder {
  /// Asserts that the next event the loop received matches `pattern` (an enum case or an
  /// event type, for events with payloads or events that are not `Equatable`).
  ///
  /// ```swift
  /// movies.receive(.case("didLoad"), from: "network") { $0 = .loadedPage(firstPage) }  // any page
  /// volume.receive(.type(Volume.Increase.self)) { $0.value = 11 }  // an event type
  /// ```
  public func receive(
    _ pattern: EventPattern<Event>, from feedback: String? = nil, at time: Duration? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ update: ((inout State) -> Void)? = nil
  ) {
    receive(
      matching: pattern.matches, expected: nil, description: pattern.name ?? "any event", from: feedback, time: time,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), update: update)
  }

  /// Marks every event received so far as asserted, and takes the current state as the
  /// asserted one.
  public func skipReceived() {
    book.withLock { book in
      if let last = book.steps.last(where: { $0.after != nil }), let state = last.after {
        book.baseline = state
      }
      book.cursor = book.steps.count
    }
  }

  func receive(
    matching matches: (Event) -> Bool, expected: Event?, description: String, from feedback: String?, time: Duration?,
    at site: CallSite, update: ((inout State) -> Void)?
  ) {
    checkNewSteps(at: site)
    let call = "receive(\(description)\(feedback.map { ", from: \"\($0)\"" } ?? ""))"
    if unassertedEvents().isEmpty { scheduler.advance() }
    let candidates = unassertedEvents()
    let sourceMatches = { (step: RecordedStep<State, Event>) in
      feedback == nil || step.event?.source.feedbackName == feedback
    }
    let found: RecordedStep<State, Event>?
    switch exhaustivity {
    case .on:
      found = candidates.first
    case .off(let showSkipped):
      found = candidates.first { matches($0.event!.event) && sourceMatches($0) }
      if showSkipped, let found {
        for skipped in candidates where skipped.index < found.index {
          print(
            "LoopRecorder skipped #\(skipped.index) \(describe(skipped.event!.event)) from \(skipped.event!.source)")
        }
      }
    }
    guard let step = found, let (actualEvent, source) = step.event else {
      let pending = scheduler.pending
      FailureReport(
        heading:
          "Expected to receive \(description)\(feedback.map { " from \"\($0)\"" } ?? ""), but no event was received.",
        diff: nil,
        timeline: timeline(),
        fix: pending.isEmpty
          ? "nothing is scheduled, so no effect will emit: remove \(call), or check the feedback that should emit it."
          : "advance the scheduler (scheduler.advance(by: …)) until the effect emits; \(pending.count) action\(pending.count == 1 ? " is" : "s are") pending, the next due at \(TimelineFormat.time(pending[0].due))."
      ).report(at: site, for: self)
      return
    }
    if !matches(actualEvent) || !sourceMatches(step) {
      let actualCall = "receive(\(describe(actualEvent))\(source == .external ? "" : ", from: \"\(source)\""))"
      FailureReport(
        heading: "Received an unexpected event at step #\(step.index): \(describe(actualEvent)) from \(source).",
        diff: expected.map { FailureReport.diff(expected: $0, actual: actualEvent) }
          ?? FailureReport.diff(
            expected: "\(description) from \(feedback ?? "any source")",
            actual: "\(describe(actualEvent)) from \(source)"),
        timeline: timeline(endingAt: step.index),
        fix: "assert it with \(actualCall) before \(call), or call skipReceived().",
        step: step.index
      ).report(at: site, for: self)
      book.withLock { book in
        book.cursor = step.index + 1
        if let state = step.after { book.baseline = state }
      }
      return
    }
    if let time, step.time != time {
      let (expected, actual) = (TimelineFormat.time(time), TimelineFormat.time(step.time))
      FailureReport(
        heading: "Received \(describe(actualEvent)) at \(actual), not at \(expected) (step #\(step.index)).",
        diff: nil,
        timeline: timeline(endingAt: step.index),
        fix: step.time < time
          ? "the event came \(TimelineFormat.time(time - step.time)) early: check the effect's delay, or expect it at \(actual)."
          : "the event came \(TimelineFormat.time(step.time - time)) late: check the effect's delay, or expect it at \(actual).",
        step: step.index
      ).report(at: site, for: self)
    }
    assertState(of: step, after: call, update: update, at: site)
  }
}
