package import FeedbackGraph
import FeedbackLoopTracing

extension Exploration {
  /// The reached states and the steps between them, described, as plain data: what
  /// `diagram mutate` compares to tell an equivalent mutant (see `ReachableBehaviour`).
  /// Ignored events are left out; an undeclared transition is marked. When the system's
  /// `State` is `Codable`, one reached state per node comes encoded too (the first of the
  /// node's states by description), mapped as a trace maps it.
  ///
  /// - Complexity: O(states × choices) reductions, as the exploration itself.
  package var behaviour: ReachableBehaviour {
    var states = Set<String>()
    var transitions = Set<String>()
    for node in storage.nodes {
      states.insert(String(describing: node.state))
      for choice in storage.model.choices(of: node) {
        let (steps, _) = storage.model.take(choice, from: node)
        for step in steps where step.kind != .ignoredEvent {
          let mark = step.kind == .undeclaredTransition ? " (undeclared)" : ""
          // An effect that ends without an event (effectsMayEndSilently) is named by its feedback.
          let event = step.event.map { "\($0)" } ?? "\(step.feedback?.name ?? "an effect") ends"
          transitions.insert("\(step.before) —\(event)→ \(step.after)\(mark)")
        }
      }
    }
    return ReachableBehaviour(
      states: states.sorted(), transitions: transitions.sorted(), isComplete: isComplete, samples: samples)
  }

  /// Per state node, the reached state first by description, encoded as a trace encodes it;
  /// none when `State` is not `Encodable`. Only the chosen states are encoded.
  var samples: [ReachableBehaviour.StateSample] {
    let mapper = TraceStepMapper(system: system)
    guard mapper.encodesStates else { return [] }
    var chosen: [String: (description: String, state: State)] = [:]
    for node in storage.nodes {
      let name = system.nodeName(of: node.state), description = String(describing: node.state)
      if let kept = chosen[name], kept.description <= description { continue }
      chosen[name] = (description, node.state)
    }
    return chosen.keys.sorted().compactMap { name in
      let step = mapper.step(.initial(state: chosen[name]!.state), index: 0, timeNanoseconds: 0)
      guard let json = step.stateJSON else { return nil }
      return ReachableBehaviour.StateSample(
        node: name, json: json, description: step.after ?? chosen[name]!.description)
    }
  }
}
