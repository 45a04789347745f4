import FeedbackLoop

extension LoopRecorder {
  /// Asserts that an effect of the feedback named `feedback` was cancelled since the last
  /// `send` or `receive` (and, with `time`, at exactly that virtual time).
  ///
  /// ```swift
  /// loop.send(.emergency)
  /// loop.receiveCancellation(of: "timer", at: .seconds(10))
  /// ```
  ///
  /// An exhaustive recorder (``Exhaustivity/on``) takes the cancellation in order, like an
  /// event: it must have happened after the last asserted event and before the next event
  /// not asserted yet, so a cancellation asserted too early (its event not asserted) or too
  /// late (after a later event was asserted) fails and says which. Each call asserts one
  /// cancellation; a second call for the same feedback asserts the next. Cancellations no
  /// test asserts are not required (a replaced state cancels effects all the time); with
  /// `exhaustivity: .off` the first cancellation not asserted yet is taken, wherever it is.
  ///
  /// - Parameters:
  ///   - feedback: the name of the feedback whose effect was cancelled.
  ///   - time: the virtual time of the cancellation, if it matters.
  ///   - fileID: the caller's file ID, where a failure is reported.
  ///   - filePath: the caller's file path, where a failure is reported.
  ///   - line: the caller's line, where a failure is reported.
  ///   - column: the caller's column, where a failure is reported.
  /// - Complexity: O(k) in the steps recorded since the last assertion.
  public func receiveCancellation(
    of feedback: String, at time: Duration? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    checkNewSteps(at: site)
    let call = "receiveCancellation(of: \"\(feedback)\"\(time.map { ", at: \(TimelineFormat.time($0))" } ?? ""))"
    let names = system.feedbacks.map(\.name)
    guard names.contains(feedback) else {
      FailureReport(
        heading:
          "\(call): \(system.name) has no feedback named \"\(feedback)\"; its feedbacks: \(names.isEmpty ? "none" : names.map { "\"\($0)\"" }.joined(separator: ", ")).",
        diff: nil, timeline: "", fix: "name one of its feedbacks."
      ).report(at: site, for: self)
      return
    }
    var search = cancellationSearch(of: feedback)
    if search.found == nil {
      scheduler.advance()
      search = cancellationSearch(of: feedback)
    }
    guard let step = search.found else {
      reportMissingCancellation(of: feedback, call: call, search: search, at: site)
      return
    }
    book.withLock { _ = $0.assertedCancellations.insert(step.index) }
    guard let time, step.time != time else { return }
    let (expected, actual) = (TimelineFormat.time(time), TimelineFormat.time(step.time))
    FailureReport(
      heading:
        "\(effectName(step)) of feedback \"\(feedback)\" was cancelled at \(actual), not at \(expected) (step #\(step.index)).",
      diff: nil,
      timeline: timeline(endingAt: step.index),
      fix: step.time < time
        ? "it was cancelled \(TimelineFormat.time(time - step.time)) early: check what changed the state at step #\(step.cause), or expect it at \(actual)."
        : "it was cancelled \(TimelineFormat.time(step.time - time)) late: check what changed the state at step #\(step.cause), or expect it at \(actual).",
      step: step.index
    ).report(at: site, for: self)
  }

  /// Where the cancellations of `feedback` not asserted yet are, against the assertions.
  struct CancellationSearch {
    /// The one to take.
    var found: RecordedStep<State, Event>?
    /// The first one after an event not asserted yet (exhaustive recorders only).
    var afterUnassertedEvent: (cancellation: RecordedStep<State, Event>, event: RecordedStep<State, Event>)?
    /// The last one before the last asserted event (exhaustive recorders only).
    var beforeLastAssertion: RecordedStep<State, Event>?
    /// The index of the first step not asserted.
    var cursor: Int
  }

  func cancellationSearch(of feedback: String) -> CancellationSearch {
    book.withLock { book in
      var search = CancellationSearch(cursor: book.cursor)
      var firstUnassertedEvent: RecordedStep<State, Event>?
      for step in book.steps {
        if step.index >= book.cursor, step.event != nil, firstUnassertedEvent == nil { firstUnassertedEvent = step }
        guard case .effectCancelled(_, let ref) = step.step, ref.name == feedback,
          !book.assertedCancellations.contains(step.index)
        else { continue }
        if case .off = exhaustivity {
          search.found = step
          return search
        }
        if step.index < book.cursor {
          search.beforeLastAssertion = step
        } else if let event = firstUnassertedEvent {
          if search.afterUnassertedEvent == nil { search.afterUnassertedEvent = (step, event) }
        } else if search.found == nil {
          search.found = step
        }
      }
      return search
    }
  }

  private func reportMissingCancellation(
    of feedback: String, call: String, search: CancellationSearch, at site: CallSite
  ) {
    if let (step, event) = search.afterUnassertedEvent {
      FailureReport(
        heading:
          "\(effectName(step)) of feedback \"\(feedback)\" was cancelled at step #\(step.index), after #\(event.index) \(describe(event.event!.event)), which is not asserted yet.",
        diff: nil,
        timeline: timeline(endingAt: step.index),
        fix: "assert #\(event.index) with send(…) or receive(…) before \(call).",
        step: step.index
      ).report(at: site, for: self)
    } else if let step = search.beforeLastAssertion {
      FailureReport(
        heading:
          "\(effectName(step)) of feedback \"\(feedback)\" was cancelled at step #\(step.index), before the last assertion (step #\(search.cursor - 1)).",
        diff: nil,
        timeline: timeline(endingAt: search.cursor - 1),
        fix: "move \(call) right after the assertion of step #\(step.cause), which cancelled it.",
        step: step.index
      ).report(at: site, for: self)
    } else {
      let running = runningEffects().filter { $0.feedback == feedback }
      FailureReport(
        heading:
          "Expected an effect of feedback \"\(feedback)\" to be cancelled, but none was cancelled\(search.cursor > 0 ? " after step #\(search.cursor - 1)" : "").",
        diff: nil,
        timeline: timeline(),
        fix: running.first.map {
          "\($0.id) of \"\(feedback)\" is still running (started at step #\($0.step.index)): reach a state that cancels it before \(call), or remove the call."
        } ?? "no effect of \"\(feedback)\" is running: remove \(call), or check what should have started one."
      ).report(at: site, for: self)
    }
  }

  /// `Effect #1`: the effect a start, emission, finish or cancellation step is about.
  private func effectName(_ step: RecordedStep<State, Event>) -> String {
    guard case .effectCancelled(let id, _) = step.step else { return "An effect" }
    let name = "\(id)"
    return name.prefix(1).uppercased() + name.dropFirst()
  }
}
