import FeedbackLoop

extension LoopRecorder {
  /// Ends the test: checks that nothing is left unasserted (for exhaustive recorders: no
  /// unasserted event, no running effect, no pending timer), writes the trace if asked,
  /// and stops the loop. Called automatically when the recorder is released.
  public func finish(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    finish(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Stops checking the effects that are running now: they may still be running at the
  /// end of the test (a timer that re-arms forever, a long-lived subscription).
  public func skipInFlightEffects() {
    let running = runningEffects().map(\.id)
    book.withLock { $0.skippedEffects.formUnion(running) }
  }

  /// The effects started and neither finished nor cancelled, with the step that started them.
  func runningEffects() -> [(id: EffectID, feedback: String, step: RecordedStep<State, Event>)] {
    book.withLock { book in
      var running: [EffectID: (feedback: String, step: RecordedStep<State, Event>)] = [:]
      for step in book.steps {
        switch step.step {
        case .effectStarted(let id, let feedback): running[id] = (feedback.name, step)
        case .effectFinished(let id, _), .effectCancelled(let id, _): running[id] = nil
        default: break
        }
      }
      return running.filter { !book.skippedEffects.contains($0.key) }
        .map { (id: $0.key, feedback: $0.value.feedback, step: $0.value.step) }
        .sorted { $0.id < $1.id }
    }
  }

  func finish(at site: CallSite) {
    guard
      !book.withLock({ book in
        defer { book.finished = true }; return book.finished
      })
    else { return }
    checkNewSteps(at: site)
    if exhaustivity == .on {
      checkNothingLeft(at: site)
    }
    loop.stop()
    writeTraceIfAsked(at: site)
  }

  private func checkNothingLeft(at site: CallSite) {
    let unasserted = unassertedEvents()
    if !unasserted.isEmpty {
      FailureReport(
        heading:
          "The test ended with \(unasserted.count) received event\(unasserted.count == 1 ? "" : "s") not asserted:\n\(list(unasserted))",
        diff: nil,
        timeline: timeline(),
        fix: "assert \(unasserted.count == 1 ? "it" : "them") with receive(…), or call skipReceived() before the end.",
        step: unasserted.first?.index
      ).report(at: site, for: self)
    }
    let running = runningEffects()
    for effect in running {
      let origin = book.withLock { $0.assertedAt[effect.step.cause] }
      let cause = book.withLock { $0.steps[effect.step.cause] }
      let startedBy: String
      if case .initial = cause.step {
        startedBy = "for the initial state"
      } else if let origin {
        startedBy = "after the step asserted at \(origin.short) (#\(cause.index) \(describe(cause.event!.event)))"
      } else {
        startedBy = "after #\(cause.index) \(describe(cause.event!.event)), which was not asserted"
      }
      FailureReport(
        heading:
          "An effect is still running at the end of the test: \(effect.id) of feedback \"\(effect.feedback)\", started at \(TimelineFormat.time(effect.step.time)) \(startedBy).",
        diff: nil,
        timeline: timeline(),
        fix:
          "advance the scheduler until it finishes, reach a state that cancels it, or call skipInFlightEffects() if it runs forever.",
        step: effect.step.index
      ).report(at: site, for: self)
    }
    let skippedAny = !book.withLock(\.skippedEffects).isEmpty
    let pending = scheduler.pending
    if running.isEmpty, !skippedAny, !pending.isEmpty {
      let list = pending.map { "  due at \(TimelineFormat.time($0.due))\($0.label.map { ": \($0)" } ?? "")" }.joined(
        separator: "\n")
      FailureReport(
        heading:
          "The test ended with \(pending.count) timer\(pending.count == 1 ? "" : "s") still pending on the scheduler:\n\(list)",
        diff: nil,
        timeline: timeline(),
        fix:
          "advance the scheduler past \(TimelineFormat.time(pending.map(\.due).max()!)) (scheduler.run()) before the end, or cancel what scheduled them."
      ).report(at: site, for: self)
    }
  }
}
