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

  /// A behaviour.
  public init(states: [String], transitions: [String], isComplete: Bool) {
    self.states = states
    self.transitions = transitions
    self.isComplete = isComplete
  }
}
