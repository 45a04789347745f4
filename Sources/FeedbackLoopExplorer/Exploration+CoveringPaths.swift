public import FeedbackGraph

extension Exploration {
  /// A small set of event paths from the initial state that together fire every declared
  /// transition the exploration saw fire.
  ///
  /// ```swift
  /// let exploration = Explorer(TrafficLight.system, events: [.emergency], feedbackEvents: [.tick]).run()
  /// let paths = exploration.coveringPaths.map(\.events)  // [[.tick, .tick, .tick]]: each transition fires
  /// ```
  ///
  /// Built greedily from each transition's shortest firing path, longest first, keeping a
  /// path only when it fires a transition the kept ones do not; deterministic. The
  /// transitions it cannot fire are `unreachableTransitions` (when the exploration is
  /// complete).
  public var coveringPaths: [ExplorerPath<State, Event>] {
    let candidates = record.firstFiring.enumerated().compactMap {
      index, firing -> (TransitionID, ExplorerPath<State, Event>)? in
      guard firing.state >= 0 else { return nil }
      return (TransitionID(index), storage.path(to: firing.state, choice: firing.choice))
    }
    let ordered = candidates.sorted { a, b in
      a.1.steps.count != b.1.steps.count ? a.1.steps.count > b.1.steps.count : a.0 < b.0
    }
    var covered = Set<TransitionID>()
    var paths: [ExplorerPath<State, Event>] = []
    for (transition, path) in ordered where !covered.contains(transition) {
      paths.append(path)
      for step in path.steps where step.kind == .event {
        if let fired = step.transition { covered.insert(fired) }
      }
    }
    return paths
  }

  /// The declared transitions no reachable state and event fire; empty unless the
  /// exploration is complete (a bounded one cannot tell).
  package var unreachableTransitions: [TransitionID] {
    guard isComplete else { return [] }
    return record.firstFiring.indices.filter { record.firstFiring[$0].state < 0 }.map { TransitionID($0) }
  }

  /// The covering paths as passing traces, for `diagram coverage`:
  /// `test` is `explorer: covering path n`.
  public var coveringTraces: [Trace] {
    coveringPaths.enumerated().map { number, path in
      path.trace(of: system, test: "explorer: covering path \(number + 1)", outcome: .passed)
    }
  }
}

extension Exploration {
  /// The declared transitions some reachable state and event fire, by id.
  package var firedTransitions: [TransitionID] {
    record.firstFiring.indices.filter { record.firstFiring[$0].state >= 0 }.map { TransitionID($0) }
  }
}
