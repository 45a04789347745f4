extension SystemGraph {
  /// Where each transition can fire under the runtime's precedence, by position in
  /// ``transitions``: see ``TransitionReach``.
  ///
  /// - Complexity: O(t · c · k) for t transitions, c the (state, event) pairs each one
  ///   matches (one for a transition between named nodes) and k the transitions that match
  ///   such a pair.
  public var reach: [TransitionReach] {
    let stateFields = Dictionary(states.map { ($0.id, $0.fields) }, uniquingKeysWith: { a, _ in a })
    let eventFields = Dictionary(events.map { ($0.id, $0.fields) }, uniquingKeysWith: { a, _ in a })
    // Transitions by (source, event), nil for "any"; each bucket in declaration order.
    var buckets: [Pair: [Int]] = [:]
    for (position, transition) in transitions.enumerated() {
      buckets[Pair(state: transition.from, event: transition.event), default: []].append(position)
    }
    func rank(_ position: Int) -> (Int, Int, Int) {
      let transition = transitions[position]
      return (-transition.fromMatch.specificity, -transition.eventMatch.specificity, position)
    }
    /// Whether `position` takes every event `event` in every state `state` (its guard passing).
    func covers(_ position: Int, _ state: String, _ event: String?) -> Bool {
      let transition = transitions[position]
      guard transition.guardDescription == nil else { return false }
      if transition.fromMatch == .value, !(stateFields[state]?.isEmpty ?? false) { return false }
      if transition.eventMatch == .value, !(event.flatMap { eventFields[$0] }?.isEmpty ?? false) { return false }
      return true
    }
    /// The status of `position` for `state` and `event` (`nil`: an event the graph does not name).
    func status(_ position: Int, _ state: String, _ event: String?) -> TransitionReach.Status {
      let own = rank(position)
      var candidates = (buckets[Pair(state: state, event: nil)] ?? []) + (buckets[Pair(state: nil, event: nil)] ?? [])
      if let event {
        candidates +=
          (buckets[Pair(state: state, event: event)] ?? []) + (buckets[Pair(state: nil, event: event)] ?? [])
      }
      var result = TransitionReach.Status.fires
      for other in candidates where rank(other) < own {
        if covers(other, state, event) { return .never }
        result = .fallsThrough
      }
      return result
    }

    let stateIDs = states.map(\.id)
    let eventIDs: [String?] = events.map(\.id) + [nil]
    return transitions.indices.map { position in
      let transition = transitions[position]
      let sources = transition.from.map { [$0] } ?? stateIDs
      let onEvents = transition.event.map { [$0] } ?? eventIDs
      var bySource: [String: [TransitionReach.Status]] = [:]
      var byEvent: [String: [TransitionReach.Status]] = [:]
      var all: [TransitionReach.Status] = []
      for source in sources {
        for event in onEvents {
          let cell = status(position, source, event)
          bySource[source, default: []].append(cell)
          if let event { byEvent[event, default: []].append(cell) }
          all.append(cell)
        }
      }
      // Per state (event): never when every cell is; in between when some cell fires and
      // some does not (a fall-through, or overridden on some events only).
      func between(_ cells: [TransitionReach.Status]) -> Bool {
        cells.contains { $0 != .never } && cells.contains { $0 != .fires }
      }
      var reach = TransitionReach(status: Self.overall(all))
      if transition.from == nil {
        reach.neverFrom = sources.filter { Self.overall(bySource[$0] ?? []) == .never }
        reach.fallsThroughFrom = sources.filter { between(bySource[$0] ?? []) }
      }
      if transition.event == nil {
        let named = events.map(\.id)
        reach.neverOn = named.filter { Self.overall(byEvent[$0] ?? []) == .never }
        reach.fallsThroughOn = named.filter { between(byEvent[$0] ?? []) }
      }
      return reach
    }
  }

  /// `never` when every cell is, `fires` when one fires, else `fallsThrough`.
  private static func overall(_ cells: [TransitionReach.Status]) -> TransitionReach.Status {
    if cells.allSatisfy({ $0 == .never }) { return .never }
    return cells.contains(.fires) ? .fires : .fallsThrough
  }

  private struct Pair: Hashable {
    var state: String?
    var event: String?
  }
}

extension TransitionEdge.Match {
  /// A value beats an enum case, which beats a type, which beats any: the runtime's order.
  var specificity: Int {
    switch self {
    case .value: 3
    case .enumCase: 2
    case .type: 1
    case .any: 0
    }
  }
}
