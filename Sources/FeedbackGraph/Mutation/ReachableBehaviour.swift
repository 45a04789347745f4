/// What an exploration saw a system do, as plain data: the system states it reached from
/// the initial state and the steps between them. Two systems with equal behaviours (within
/// the same explorer's bounds) cannot be told apart by any sequence of the explored events:
/// a mutant whose behaviour equals the original's is *equivalent* and `diagram mutate`
/// leaves it out of the score.
public struct ReachableBehaviour: Codable, Hashable, Sendable {
  /// Each reached state, described, sorted.
  public var states: [String]
  /// Each step that reduced an event, as `before —event→ after`, sorted.
  public var transitions: [String]
  /// Whether the exploration visited every reachable state (not stopped by a bound).
  public var isComplete: Bool
  /// One reached state per state node, encoded, when the system's `State` is `Codable`
  /// (empty otherwise): where `diagram mutate` takes a ``MutationOperator/retargetComputed``
  /// mutant's state when no test's trace reached its case.
  public var samples: [StateSample]

  /// A reached state: its node, its JSON text and its description.
  public struct StateSample: Codable, Hashable, Sendable {
    /// The state's node id in the system's graph (its case name).
    public var node: String
    /// The state as JSON text (sorted keys), as a trace's ``TraceStep/stateJSON``.
    public var json: String
    /// The state described, as a trace's ``TraceStep/after``.
    public var description: String

    /// A sample.
    public init(node: String, json: String, description: String) {
      self.node = node
      self.json = json
      self.description = description
    }
  }

  /// A behaviour.
  public init(states: [String], transitions: [String], isComplete: Bool, samples: [StateSample] = []) {
    self.states = states
    self.transitions = transitions
    self.isComplete = isComplete
    self.samples = samples
  }
}
