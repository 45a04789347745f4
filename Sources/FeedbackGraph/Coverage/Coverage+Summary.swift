extension Coverage {
  /// How many declared transitions fired at least once, of how many are declared (0/0 for
  /// a plain-reducer system).
  ///
  /// - Complexity: O(t) in the declared transitions.
  public var transitionFraction: CoverageFraction {
    CoverageFraction(covered: transitionHits.lazy.filter { $0 > 0 }.count, total: transitionHits.count)
  }

  /// How many of the graph's states were entered at least once, of how many it has.
  ///
  /// - Complexity: O(s) in the graph's states.
  public var stateFraction: CoverageFraction {
    CoverageFraction(covered: graph.states.lazy.filter { (stateVisits[$0.id] ?? 0) > 0 }.count, total: graph.states.count)
  }

  /// The declared transitions that never fired, in declaration order.
  ///
  /// - Complexity: O(t) in the declared transitions.
  public var uncovered: [TransitionEdge] {
    zip(graph.transitions, transitionHits).filter { $0.1 == 0 }.map(\.0)
  }

  /// The graph's states that were never entered, in the graph's order.
  ///
  /// - Complexity: O(s) in the graph's states.
  public var unvisitedStates: [StateNode] {
    graph.states.filter { (stateVisits[$0.id] ?? 0) == 0 }
  }

  /// How many times the declared transition `id` fired (0 when it is not declared).
  public func hits(_ id: TransitionID) -> Int {
    position(of: id).map { transitionHits[$0] } ?? 0
  }

  /// How many times the state node `id` was entered.
  public func visits(_ state: String) -> Int {
    stateVisits[state] ?? 0
  }

  /// The events ignored in `state`, sorted by event, with their counts.
  public func ignoredEvents(in state: String) -> [(event: String, count: Int)] {
    (ignored[state] ?? [:]).sorted { $0.key < $1.key }.map { (event: $0.key, count: $0.value) }
  }
}
