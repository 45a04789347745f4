/// What an exploration saw a system do, as plain data: the system states it reached from
/// the initial state and the steps between them. Two systems with equal behaviours (within
/// the same explorer's bounds) cannot be told apart by any sequence of the explored events:
/// a mutant whose behaviour equals the original's is *equivalent* and `diagram mutate`
/// leaves it out of the score.
package struct ReachableBehaviour: Codable, Hashable, Sendable {
  /// Each reached state, described, sorted.
  package var states: [String]
  /// Each step that reduced an event, as `before —event→ after`, sorted.
  package var transitions: [String]
  /// Whether the exploration visited every reachable state (not stopped by a bound).
  package var isComplete: Bool
  /// One reached state per state node, encoded, when the system's `State` is `Codable`
  /// (empty otherwise): where `diagram mutate` takes a ``MutationOperator/retargetComputed``
  /// mutant's state when no test's trace reached its case.
  package var samples: [StateSample]

  /// A reached state: its node, its JSON text and its description.
  package struct StateSample: Codable, Hashable, Sendable {
    /// The state's node id in the system's graph (its case name).
    package var node: String
    /// The state as JSON text (sorted keys), as a trace's ``TraceStep/stateJSON``.
    package var json: String
    /// The state described, as a trace's ``TraceStep/after``.
    package var description: String

    /// A sample.
    package init(node: String, json: String, description: String) {
      self.node = node
      self.json = json
      self.description = description
    }
  }

  /// A behaviour.
  package init(states: [String], transitions: [String], isComplete: Bool, samples: [StateSample] = []) {
    self.states = states
    self.transitions = transitions
    self.isComplete = isComplete
    self.samples = samples
  }
}
