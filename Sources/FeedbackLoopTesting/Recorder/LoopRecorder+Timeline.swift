import FeedbackLoop

/// Renders recorded steps for humans.
enum TimelineFormat {
  /// `30s`, `0.5s`, `1.25s`.
  static func time(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let milliseconds = attoseconds / 1_000_000_000_000_000
    if milliseconds == 0 { return "\(seconds)s" }
    var fraction = String(format: "%03lld", milliseconds)
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(seconds).\(fraction)s"
  }
}

extension LoopRecorder {
  /// The recording as text, one step per line: index, virtual time, kind, and what
  /// happened (event, source, states, effect). An effect that returned its event is
  /// finished before the event is reduced (the lifecycle rule).
  ///
  /// ```
  /// #0  0s    initial    red
  /// #1  0s    started    timer effect #0
  /// #2  30s   emitted    timer effect #0: tick
  /// #3  30s   finished   timer effect #0
  /// #4  30s   event      tick from timer: red → green via red —tick→ green
  /// ```
  public var timeline: String {
    steps.map(line).joined(separator: "\n")
  }

  /// The last `count` steps up to `index` (the whole tail when `nil`), indented.
  /// Reads only those steps: a failure in a recording of millions of steps costs no more
  /// than one in a short recording.
  func timeline(endingAt index: Int? = nil, count: Int = 8) -> String {
    let tail = book.withLock { book -> [RecordedStep<State, Event>] in
      let end = min((index ?? book.steps.count - 1) + 1, book.steps.count)
      return (max(0, end - count)..<end).map { book.steps[$0] }
    }
    return tail.map { "  " + line($0) }.joined(separator: "\n")
  }

  func line(_ step: RecordedStep<State, Event>) -> String {
    let head =
      "#\(step.index)".padding(toLength: 4, withPad: " ", startingAt: 0) + " "
      + TimelineFormat.time(step.time).padding(toLength: 7, withPad: " ", startingAt: 0) + " "
    let body: String
    switch step.activity {
    case .started(let state): body = "initial    \(describe(state))"
    case .reduced(let event, let source, let before, let after, let transition):
      body =
        "event      \(describe(event)) from \(source): \(describe(before)) → \(describe(after))"
        + (transition.map { " via \(graph.describe($0))" } ?? "")
    case .ignored(let event, let source, let state):
      body = "ignored    \(describe(event)) from \(source) in \(describe(state))"
    case .undeclaredTransition(let event, let source, let before, let after, let transition):
      body =
        "UNDECLARED \(describe(event)) from \(source): \(describe(before)) → \(describe(after)) via \(graph.describe(transition))"
    case .effectStarted(let id, let feedback): body = "started    \(feedback) \(id)"
    case .effectEmitted(let id, let feedback, let event): body = "emitted    \(feedback) \(id): \(describe(event))"
    case .effectFinished(let id, let feedback): body = "finished   \(feedback) \(id)"
    case .effectCancelled(let id, let feedback): body = "cancelled  \(feedback) \(id)"
    case .stopped: body = "stopped"
    }
    return head + body
  }
}
