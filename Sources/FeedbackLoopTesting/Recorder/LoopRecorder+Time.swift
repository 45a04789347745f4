extension LoopRecorder {
  /// Moves virtual time to `time` and asserts that the loop received no event before it.
  /// Events due exactly at `time` have run and wait for
  /// ``receive(_:from:at:fileID:filePath:line:column:_:)-(Event,_,_,_,_,_,_,_)``.
  ///
  /// ```swift
  /// loop.receiveNothing(before: .seconds(30))  // not at 29.999 s…
  /// loop.receive(.tick, from: "timer", at: .seconds(30)) { $0 = .green }  // …but at 30 s
  /// ```
  ///
  /// Events received before the call and not asserted yet count too: assert them first.
  /// - Complexity: O(k) in the steps recorded until `time`, plus the scheduler's work.
  public func receiveNothing(
    before time: Duration,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    checkNewSteps(at: site)
    let now = scheduler.now
    guard time >= now else {
      FailureReport(
        heading:
          "receiveNothing(before: \(TimelineFormat.time(time))) asks about the past: the scheduler is at \(TimelineFormat.time(now)).",
        diff: nil, timeline: timeline(),
        fix: "pass a time after \(TimelineFormat.time(now)), or assert the events already received with receive(…)."
      ).report(at: site, for: self)
      return
    }
    scheduler.advance(to: time)
    let early = unassertedEvents().filter { $0.time < time }
    guard let last = early.last else { return }
    FailureReport(
      heading: "Expected no event before \(TimelineFormat.time(time)), but received \(early.count):\n"
        + early.map { step in
          "  #\(step.index) at \(TimelineFormat.time(step.time)): \(describe(step.event!.event)) from \(step.event!.source)"
        }
        .joined(separator: "\n"),
      diff: nil,
      timeline: timeline(endingAt: last.index),
      fix: "assert \(early.count == 1 ? "it" : "them") with receive(…) before this call, or wait for a later time.",
      step: early.first?.index
    ).report(at: site, for: self)
    book.withLock { book in
      book.cursor = max(book.cursor, last.index + 1)
      if let state = book.steps[..<(last.index + 1)].last(where: { $0.after != nil })?.after {
        book.baseline = state
      }
    }
  }
}
