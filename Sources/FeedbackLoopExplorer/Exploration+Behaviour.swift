public import FeedbackGraph

extension Exploration {
  /// The reached states and the steps between them, described, as plain data: what
  /// `diagram mutate` compares to tell an equivalent mutant (see `ReachableBehaviour`).
  /// Ignored events are left out; an undeclared transition is marked.
  ///
  /// - Complexity: O(states × choices) reductions, as the exploration itself.
  public var behaviour: ReachableBehaviour {
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
    return ReachableBehaviour(states: states.sorted(), transitions: transitions.sorted(), isComplete: isComplete)
  }
}
