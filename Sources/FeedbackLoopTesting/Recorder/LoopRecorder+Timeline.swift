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

  /// The step-number and time columns of timeline lines (`#3   30s     `): each column as
  /// wide as its widest cell plus one space, and at least 5 and 8 characters, so that a
  /// step past #999 or a long time never runs into the next column and is never cut.
  static func heads(_ steps: [(index: Int, time: Duration)]) -> [String] {
    let numbers = steps.map { "#\($0.index)" }
    let times = steps.map { time($0.time) }
    let numberWidth = max(5, (numbers.map(\.count).max() ?? 0) + 1)
    let timeWidth = max(8, (times.map(\.count).max() ?? 0) + 1)
    return zip(numbers, times).map { number, time in
      number.padding(toLength: numberWidth, withPad: " ", startingAt: 0)
        + time.padding(toLength: timeWidth, withPad: " ", startingAt: 0)
    }
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
  ///
  /// Columns are as wide as their widest cell, so `#1328` and `#13280` stay apart from
  /// their times.
  public var timeline: String {
    lines(steps).joined(separator: "\n")
  }

  /// The last `count` steps up to `index` (the whole tail when `nil`), indented.
  /// Reads only those steps: a failure in a recording of millions of steps costs no more
  /// than one in a short recording.
  func timeline(endingAt index: Int? = nil, count: Int = 8) -> String {
    let tail = book.withLock { book -> [RecordedStep<State, Event>] in
      let end = min((index ?? book.steps.count - 1) + 1, book.steps.count)
      return (max(0, end - count)..<end).map { book.steps[$0] }
    }
    return lines(tail).map { "  " + $0 }.joined(separator: "\n")
  }

  /// `steps` as timeline lines, their columns aligned (``TimelineFormat/heads(_:)``).
  func lines(_ steps: [RecordedStep<State, Event>]) -> [String] {
    zip(TimelineFormat.heads(steps.map { ($0.index, $0.time) }), steps).map { $0 + body($1) }
  }

  /// What happened at `step`, after its number and time.
  func body(_ step: RecordedStep<State, Event>) -> String {
    let body: String
    switch step.step {
    case .initial(let state): body = "initial    \(describe(state))"
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
    return body
  }
}
