import FeedbackGraph
import FeedbackLoop
import FeedbackLoopSupport
import FeedbackLoopTracing

extension TraceReplay {
  /// Replays the trace and compares every step; reports the first divergence (or a trace
  /// that cannot be replayed) as a test failure at the caller's line, and returns what
  /// happened.
  @discardableResult
  public func run(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Result {
    let result = replay()
    if let report = failureReport(for: result) {
      report.report(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return result
  }

  /// Replays without reporting.
  func replay() -> Result {
    let recorded = trace.steps
    if let problem = problemWithTheTrace() {
      return Result(matchedSteps: 0, divergence: nil, problem: problem)
    }
    // Transitions are compared by content (TransitionKey), not by position: a trace
    // recorded before a reorder, or before an unrelated transition changed, still matches.
    let graph = system.graph
    let keys = TransitionKeyMatch(recorded: (trace.header.graph ?? graph).transitionKeys, current: graph.transitionKeys)
    let scheduler = TestScheduler()
    let mapper = TraceStepMapper(system: system)
    let actual = Protected<[TraceStep]>([])
    let probe = StepObserver<State, Event>(
      onStep: { step in
        let time = scheduler.nowNanoseconds
        actual.withLock { steps in steps.append(mapper.step(step, index: steps.count, timeNanoseconds: time)) }
      }, feedbackNames: system.feedbacks.map(\.name))
    let effects = ReplayEffects<Event>()
    let loop = Loop(system, scheduler: scheduler, probe: probe, replay: effects.hooks)
    defer {
      loop.stop()
      scheduler.advance()  // let the cancelled effects' tasks end
    }
    scheduler.advance()

    /// The start of a request that a driven cancellation already started (the next
    /// request replaces the running one: one drive, two steps).
    var startedWithCancellation: Int?
    /// Per source feedback, the emissions of its request effects not reduced yet: the event
    /// steps that reduce them are their consequences, not events the source delivered.
    var unreducedEmissions: [FeedbackID: Int] = [:]
    for (position, step) in recorded.enumerated() {
      var deliveredBySource = false
      if let feedback = step.feedback, effects.isSource(feedback) {
        if step.kind == .effectEmitted {
          unreducedEmissions[feedback, default: 0] += 1
        } else if step.kind.isEventStep {
          let unreduced = unreducedEmissions[feedback, default: 0]
          deliveredBySource = unreduced == 0
          if unreduced > 0 { unreducedEmissions[feedback] = unreduced - 1 }
        }
      }
      let drive: () -> Void
      if position == startedWithCancellation {
        continue
      } else if let request = requestDrive(at: position, effects: effects) {
        if request.restarts { startedWithCancellation = position + 1 }
        drive = request.drive
      } else if step.kind.isEventStep, step.isExternal || deliveredBySource {
        guard case .success(let event) = decode(step) else { return failure(decoding: step) }
        drive = step.isExternal ? { loop.send(event) } : { effects.deliver(event, from: step.feedback!) }
      } else if step.kind == .effectEmitted, let effect = step.effect, effects.isRunning(effect) {
        guard case .success(let event) = decode(step) else { return failure(decoding: step) }
        // An emission followed by its effect's finish was the operation's last (the
        // lifecycle rule): it returns before the event is reduced.
        let isLast =
          recorded.indices.contains(position + 1) && recorded[position + 1].kind == .effectFinished
          && recorded[position + 1].effect == effect
        if isLast {
          drive = { effects.emitLast(event, from: effect) }
        } else if finishesWithoutAnotherDrive(effect, after: position, effects: effects) {
          // It had returned, its event still queued (a new state let go of it, or the
          // finish came as the event's consequences ran).
          drive = { effects.emitThenReturn(event, from: effect) }
        } else {
          drive = { effects.emit(event, from: effect) }
        }
      } else if step.kind == .effectFinished, let effect = step.effect, effects.isRunning(effect) {
        drive = { effects.finish(effect) }
      } else if step.kind == .stopped {
        drive = { loop.stop() }
      } else {
        continue  // a consequence of the steps before it
      }
      // Everything before a step the replay drives has happened by now: compare it. Stopping
      // cancels running effects before the `stopped` step, so those come after the drive.
      var end = position
      if step.kind == .stopped {
        while end > 0, recorded[end - 1].kind == .effectCancelled { end -= 1 }
      }
      if let divergence = firstDifference(actual.withLock { $0 }, recorded, through: end, keys: keys) {
        return Result(matchedSteps: divergence.index, divergence: divergence)
      }
      scheduler.advance(to: .nanoseconds(max(step.timeNanoseconds, scheduler.nowNanoseconds)))
      drive()
      scheduler.advance()
    }
    let steps = actual.withLock { $0 }
    // A complete trace ends with its stop record: then every step the system makes must be
    // in it. A trace cut short (a crashed app, a copy flushed while the loop ran) replays to
    // its last step; what the system did after that is not compared.
    let isComplete = recorded.last?.kind == .stopped
    let end = isComplete ? max(steps.count, recorded.count) : recorded.count
    if let divergence = firstDifference(steps, recorded, through: end, keys: keys) {
      return Result(matchedSteps: divergence.index, divergence: divergence)
    }
    return Result(
      matchedSteps: recorded.count, divergence: nil,
      note: isComplete
        ? nil
        : "\(source) ended without its stop record (a crashed app, or a copy flushed while the loop ran): replayed its \(recorded.count) step\(recorded.count == 1 ? "" : "s"); what the system did after them was not compared."
    )
  }

  /// What the replay drives at a request effect's start or cancellation, for a feedback over
  /// a stream of requests (a source feedback that starts effects): its next request starts,
  /// cancelling the running one (`restarts` when the trace's next step is that start), or a
  /// cancellation alone. `nil` for every other step, and for the cancellations of a stop.
  private func requestDrive(
    at position: Int, effects: ReplayEffects<Event>
  ) -> (drive: () -> Void, restarts: Bool)? {
    let steps = trace.steps
    let step = steps[position]
    guard step.kind == .effectStarted || step.kind == .effectCancelled, let feedback = step.feedback,
      effects.isSource(feedback)
    else { return nil }
    if step.kind == .effectStarted { return ({ effects.startRequest(on: feedback) }, false) }
    var next = position
    while next < steps.count, steps[next].kind == .effectCancelled { next += 1 }
    if next < steps.count, steps[next].kind == .stopped { return nil }  // the stop cancels it
    let restarts =
      position + 1 < steps.count && steps[position + 1].kind == .effectStarted
      && steps[position + 1].feedback == feedback
    return (restarts ? { effects.startRequest(on: feedback) } : { effects.cancelRequest(on: feedback) }, restarts)
  }

  /// Whether the trace's next step of `effect` after `position` is its finish, with only
  /// consequences of the steps before in between (no step the replay drives): then the
  /// effect had returned before the event it emitted at `position` was reduced.
  private func finishesWithoutAnotherDrive(
    _ effect: EffectID, after position: Int, effects: ReplayEffects<Event>
  ) -> Bool {
    for step in trace.steps[(position + 1)...] {
      if step.effect == effect { return step.kind == .effectFinished }
      switch step.kind {
      case .effectEmitted, .effectFinished, .stopped: return false  // possibly driven: keep the recorded order
      case .event, .ignoredEvent, .undeclaredTransition:
        if step.isExternal || step.feedback.map(effects.isSource) == true { return false }
      case .initial, .effectStarted, .effectCancelled: break
      }
    }
    return false
  }

  /// Why the trace cannot be replayed as a whole run of this system, if it cannot.
  private func problemWithTheTrace() -> String? {
    if trace.header.system != system.name {
      return "\(source) records the system \"\(trace.header.system)\", not \"\(system.name)\"."
    }
    guard trace.steps.first?.kind == .initial else {
      return
        "\(source) does not start with the initial state: replay needs a whole run (a TraceWriter .lastSteps window is only its end)."
    }
    if let gap = trace.steps.indices.first(where: { trace.steps[$0].index != $0 }) {
      return
        "\(source) skips steps: line \(gap + 2) holds step #\(trace.steps[gap].index), expected #\(gap) (steps the writer dropped?): replay needs a whole run."
    }
    return nil
  }

  private func decode(_ step: TraceStep) -> Swift.Result<Event, any Error> {
    Swift.Result { try decodeEvent(step) }
  }

  /// The result for an event the replay must give back but cannot decode.
  private func failure(decoding step: TraceStep) -> Result {
    let why: String
    if case .failure(let error) = decode(step), trace.header.encodesEvents {
      why = "its event \(step.event.map { "\"\($0)\"" } ?? "") does not decode as \(Event.self): \(error)"
    } else {
      why = "the trace stores events as text only (\(Event.self) was not Codable when it was recorded)"
    }
    return Result(
      matchedSteps: step.index, divergence: nil, problem: "\(source) cannot be replayed: step #\(step.index): \(why).")
  }

  /// The first index below `end` where the replayed and recorded steps differ (times
  /// aside), if any.
  private func firstDifference(
    _ actual: [TraceStep], _ recorded: [TraceStep], through end: Int, keys: TransitionKeyMatch
  ) -> Divergence? {
    for index in 0..<end {
      let expected = index < recorded.count ? recorded[index] : nil
      var replayed = index < actual.count ? actual[index] : nil
      if expected == nil, replayed == nil { return nil }
      if let expected {
        // Times are not compared (see the type's documentation), nor encodings the trace
        // could not make (values that were not Codable when it was recorded).
        replayed?.timeNanoseconds = expected.timeNanoseconds
        if expected.eventJSON == nil { replayed?.eventJSON = nil }
        if expected.stateJSON == nil { replayed?.stateJSON = nil }
        if keys.same(expected.transition, replayed?.transition) { replayed?.transition = expected.transition }
      }
      if replayed != expected {
        let time = Duration.nanoseconds((expected ?? replayed)?.timeNanoseconds ?? 0)
        return Divergence(index: index, time: time, expected: expected, actual: replayed)
      }
    }
    return nil
  }

  /// The failure to report for `result`, if it failed.
  func failureReport(for result: Result) -> FailureReport? {
    if let problem = result.problem {
      return FailureReport(
        heading: problem, diff: nil, timeline: "",
        fix:
          "replay a whole recorded run of this system whose events decode: make the event type Codable and record the trace again, or pass decodeEvent: to TraceReplay."
      )
    }
    guard let divergence = result.divergence else { return nil }
    let what: String
    switch (divergence.expected, divergence.actual) {
    case (nil, _): what = "the system made a step the trace does not have"
    case (_, nil): what = "the system stopped short of the recorded step"
    default: what = "the system did something else"
    }
    var heading =
      "Replay of \(source) diverged at step #\(divergence.index) (\(TimelineFormat.time(divergence.time))): \(what)."
    let graph = system.graph
    let fingerprint = graph.fingerprint
    if trace.header.fingerprint != fingerprint {
      heading +=
        "\nThe trace was recorded against \(trace.header.fingerprint); \(system.name) is now \(fingerprint): its declarations changed since."
    }
    return FailureReport(
      heading: heading,
      diff: FailureReport.diff(
        expected: divergence.expected.map { ReplayedStep($0, in: trace.header.graph ?? graph) },
        actual: divergence.actual.map { ReplayedStep($0, in: graph) }),
      timeline: timeline(endingAt: divergence.index),
      fix:
        "if the new behaviour is intended, record the trace again (run its test with FEEDBACKLOOP_TRACE_DIR set); otherwise fix what changed the step marked +.",
      step: divergence.index)
  }

  /// The recorded steps up to `index`, for the failure message.
  private func timeline(endingAt index: Int, count: Int = 6) -> String {
    let end = min(index + 1, trace.steps.count)
    let graph = trace.header.graph ?? system.graph
    let steps = trace.steps[max(0, end - count)..<end]
    let heads = TimelineFormat.heads(steps.map { ($0.index, .nanoseconds($0.timeNanoseconds)) })
    return zip(heads, steps).map { head, step in
      "  " + head + ReplayedStep(step, in: graph).summary()
    }.joined(separator: "\n")
  }
}

/// A step as a replay failure shows it: what was compared, without the fields that only
/// restate others.
struct ReplayedStep: Equatable {
  var kind: StepKind
  var source: String?
  var effect: Int?
  var event: String?
  var transition: String?
  var from: String?
  var to: String?
  var before: String?
  var state: String?
  var stateJSON: String?

  init(_ step: TraceStep, in graph: SystemGraph) {
    kind = step.kind
    let feedback = step.feedback.map(graph.feedbackName)
    source = step.kind.isEventStep ? feedback ?? "external" : feedback
    effect = step.effect?.index
    event = step.event
    transition = step.transition.map(graph.describe)
    from = step.beforeNode
    to = step.afterNode
    before = step.before
    state = step.after
    stateJSON = step.stateJSON
  }

  /// One line: `event tick from external: red → green`.
  func summary() -> String {
    switch kind {
    case .initial: return "initial    \(state ?? "")"
    case .event, .ignoredEvent, .undeclaredTransition:
      return
        "\(kind.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \(event ?? "") from \(source ?? ""): \(before ?? "") → \(state ?? "")"
    case .effectStarted, .effectEmitted, .effectFinished, .effectCancelled:
      let name = kind.rawValue.dropFirst("effect".count).lowercased()
      return
        "\(name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(source ?? "") effect #\(effect ?? -1)\(event.map { ": \($0)" } ?? "")"
    case .stopped: return "stopped"
    }
  }
}

/// The content keys of the recorded system's transitions and of the current one's.
struct TransitionKeyMatch {
  var recorded: [TransitionID: TransitionKey]
  var current: [TransitionID: TransitionKey]

  /// Whether the recorded transition `expected` and the replayed `actual` are the same
  /// declaration (by content).
  func same(_ expected: TransitionID?, _ actual: TransitionID?) -> Bool {
    guard let expected, let actual, let key = recorded[expected] else { return false }
    return current[actual] == key
  }
}
