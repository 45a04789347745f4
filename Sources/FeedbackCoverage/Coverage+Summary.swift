public import FeedbackGraph
extension Coverage {
  /// How many declared transitions fired at least once, of how many are declared (0/0 for
  /// a plain-reducer system). A transition with several targets counts as covered once it
  /// reached any of them; ``unreachedTargets`` lists the targets it never reached.
  ///
  /// - Complexity: O(t) in the declared transitions.
  public var transitionFraction: CoverageFraction {
    CoverageFraction(covered: transitionHits.lazy.filter { $0 > 0 }.count, total: transitionHits.count)
  }

  /// How many of the graph's states were entered at least once, of how many it has.
  ///
  /// - Complexity: O(s) in the graph's states.
  public var stateFraction: CoverageFraction {
    CoverageFraction(
      covered: graph.states.lazy.filter { (stateVisits[$0.id] ?? 0) > 0 }.count, total: graph.states.count)
  }

  /// The declared transitions that never fired, in declaration order.
  ///
  /// - Complexity: O(t) in the declared transitions.
  public var uncovered: [TransitionEdge] {
    zip(graph.transitions, transitionHits).filter { $0.1 == 0 }.map(\.0)
  }

  /// The targets never reached of the declared transitions that did fire, in declaration
  /// order (a transition that never fired is in ``uncovered`` instead): for
  /// `loading —didLoad→ {loaded, failed}` fired only into `loaded`, `failed`.
  ///
  /// - Complexity: O(t) in the declared transitions and their targets.
  public var unreachedTargets: [(transition: TransitionEdge, target: String)] {
    zip(graph.transitions, zip(transitionHits, targetHits)).flatMap { transition, counts in
      counts.0 == 0
        ? [] : zip(transition.to, counts.1).filter { $0.1 == 0 }.map { (transition: transition, target: $0.0) }
    }
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

  /// How many times the declared transition `id` led to `target` (0 when either is not
  /// declared).
  public func hits(_ id: TransitionID, to target: String) -> Int {
    guard let position = position(of: id), let offset = graph.transitions[position].to.firstIndex(of: target) else {
      return 0
    }
    return targetHits[position][offset]
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

extension TransitionEdge {
  /// `loading —didLoad→ failed (label) [guard]`: `summary` with one of the transition's
  /// targets instead of all of them.
  public func summary(to target: String) -> String {
    var edge = self
    edge.to = [target]
    return edge.summary
  }
}
