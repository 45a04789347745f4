package import FeedbackGraph

/// One system seen in the watched folder, as the page shows it: its current session (the
/// trace file begun last) and the last ``LiveLoops/maximumSteps`` steps of it.
package struct LiveLoop: Sendable {
  /// The number the page and its requests use for the loop (never a path).
  package var id: Int
  /// The system's name, from the session's header.
  package var system: String
  /// The current session's header (its graph is what the page draws).
  package var header: TraceHeader
  /// The current session's file, as shown (`App-20261127-101500-4242-1.jsonl`).
  package var file: String
  /// 1 for the first file seen for this system, then one more for each new file or
  /// replaced one (an app restarted).
  package var session: Int
  /// The last steps of the session, oldest first, at most ``LiveLoops/maximumSteps``.
  package var steps: [TraceStep] = []
  /// How many older steps of the session were let go to keep that bound.
  package var dropped = 0
  /// Incremented at each change: the page reloads what changed.
  package var version = 0

  /// How many steps the session has had.
  package var total: Int { dropped + steps.count }

  /// Appends `new`, dropping the oldest beyond `limit`.
  ///
  /// - Complexity: O(`new.count`) amortized, plus O(`limit`) once the window is full.
  mutating func append(_ new: [TraceStep], limit: Int) {
    steps.append(contentsOf: new)
    if steps.count > limit {
      let excess = steps.count - limit
      steps.removeFirst(excess)
      dropped += excess
    }
  }
}
