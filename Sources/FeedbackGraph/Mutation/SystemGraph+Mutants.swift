extension SystemGraph {
  /// Every model-level mutant of the graph's declared transitions and feedbacks, in a
  /// fixed order: per transition (declaration order) its retargets, its drop and its guard's
  /// mutants, then the swaps of competing transitions, then per feedback its mutants.
  ///
  /// - A transition is retargeted to each state the declaration names by value and that it
  ///   does not already lead to.
  /// - Two transitions are swapped when they may both match one state and event: the one
  ///   tried second is then tried first.
  /// - A computed transition that may stay in its source case skips its computation.
  /// - A computed transition that declares several target cases returns, for each of them,
  ///   a value of that case whatever it computes (``MutationOperator/retargetComputed``):
  ///   the mutant names the case, and `diagram mutate` gives it a value the tests' traces
  ///   recorded (``Mutant/value``), or reports it not applicable when they hold none.
  /// - A feedback is disabled; its effects see the loop's clock at half and at double
  ///   speed; each event it declares is dropped from its effects, or replaced by each other
  ///   event it declares.
  ///
  /// A graph that declares no transitions has only feedback mutants.
  ///
  /// - Complexity: O(t · s + t²) for t transitions and s states.
  package var mutants: [Mutant] {
    let keys = transitionKeys
    let stamp = fingerprint
    let targets = retargetableStates
    var result: [Mutant] = []
    func add(
      _ mutation: MutationOperator, _ idParts: [String], _ name: String, reach: MutantReach,
      transition: TransitionID? = nil, other: TransitionID? = nil, target: String? = nil,
      feedback: FeedbackID? = nil, event: String? = nil
    ) {
      result.append(
        Mutant(
          id: ([self.name, mutation.rawValue] + idParts).joined(separator: "/"), system: self.name,
          fingerprint: stamp, mutation: mutation, transition: transition, otherTransition: other, target: target,
          feedback: feedback, event: event, name: "\(self.name): \(name)", reach: reach))
    }
    for edge in transitions {
      let key = keys[edge.id]?.rawValue ?? "\(edge.id.index)"
      let only = MutantReach(transitions: [edge.id])
      let arrow = "\(edge.from ?? "any state") —\(edge.event ?? "any event")→"
      let was = edge.to.count == 1 ? edge.to[0] : "{" + edge.to.joined(separator: ", ") + "}"
      let extras = [edge.label.map { "(\($0))" }, edge.guardDescription.map { "[\($0)]" }].compactMap { $0 }
      let tail = extras.isEmpty ? "" : " " + extras.joined(separator: " ")
      for target in targets where !edge.to.contains(target) {
        add(
          .retarget, [key, target], "\(arrow) \(target) (was \(was))\(tail)", reach: only, transition: edge.id,
          target: target)
      }
      add(.dropTransition, [key], "drop \(edge.summary)", reach: only, transition: edge.id)
      if edge.isComputed, let from = edge.from, edge.to.contains(from) {
        add(
          .skipComputation, [key], "\(arrow) \(from) unchanged (skips \(edge.label ?? "its computation"))",
          reach: only, transition: edge.id)
      }
      if edge.isComputed, edge.to.count > 1 {
        for target in edge.to {
          add(
            .retargetComputed, [key, target], "\(arrow) always a recorded \(target) (was \(was))\(tail)",
            reach: only, transition: edge.id, target: target)
        }
      }
      if let condition = edge.guardDescription {
        let around = MutantReach(
          transitions: [edge.id], pairs: [MutantReach.EventPair(from: edge.from, event: edge.event)])
        let bare = "\(arrow) \(was)" + (edge.label.map { " (\($0))" } ?? "")
        add(.dropGuard, [key], "\(bare) without [\(condition)]", reach: around, transition: edge.id)
        add(.negateGuard, [key], "\(bare) [not (\(condition))]", reach: around, transition: edge.id)
      }
    }
    for (first, second) in competingPairs {
      let a = transitions[first], b = transitions[second]
      add(
        .swapOrder, [keys[a.id]?.rawValue ?? "\(first)", keys[b.id]?.rawValue ?? "\(second)"].sorted(),
        "try \(b.summary) before \(a.summary)", reach: MutantReach(transitions: [a.id, b.id]), transition: a.id,
        other: b.id)
    }
    var seenNames: [String: Int] = [:]
    for (index, feedback) in feedbacks.enumerated() {
      let id = FeedbackID(index)
      seenNames[feedback.name, default: 0] += 1
      let occurrence = seenNames[feedback.name]!
      let identity = occurrence == 1 ? feedback.name : "\(feedback.name)#\(occurrence)"
      let reach = MutantReach(feedbacks: [id])
      add(.disableFeedback, [identity], "feedback \(identity) disabled", reach: reach, feedback: id)
      add(.slowClock, [identity], "feedback \(identity) sees the clock at half speed", reach: reach, feedback: id)
      add(.fastClock, [identity], "feedback \(identity) sees the clock at double speed", reach: reach, feedback: id)
      guard feedback.emits.count > 1 else { continue }  // one event: its drop is the disable's twin
      for event in feedback.emits {
        let only = MutantReach(feedbacks: [id], feedbackEvents: [event])
        add(
          .dropEmission, [identity, event], "feedback \(identity) never emits \(event)", reach: only, feedback: id,
          event: event)
        for other in feedback.emits where other != event {
          add(
            .swapEmission, [identity, event, other], "feedback \(identity) emits \(other) instead of \(event)",
            reach: only, target: other, feedback: id, event: event)
        }
      }
    }
    return result
  }

  /// The states a transition can be retargeted to: those the declaration names by value,
  /// so that the runtime holds a value of each (the initial state, fixed targets, sources
  /// matched by value), sorted by id.
  package var retargetableStates: [String] {
    var nodes: Set<String> = [initial]
    for edge in transitions {
      if !edge.isComputed, let target = edge.to.first { nodes.insert(target) }
      if edge.fromMatch == .value, let from = edge.from { nodes.insert(from) }
    }
    return nodes.sorted()
  }

  /// Positions `(a, b)` of transitions that may both match one state and event, `a` tried
  /// first under the runtime's precedence.
  var competingPairs: [(Int, Int)] {
    let order = transitions.indices.sorted { a, b in
      let x = transitions[a], y = transitions[b]
      if x.fromMatch.specificity != y.fromMatch.specificity { return x.fromMatch.specificity > y.fromMatch.specificity }
      if x.eventMatch.specificity != y.eventMatch.specificity {
        return x.eventMatch.specificity > y.eventMatch.specificity
      }
      return a < b
    }
    func overlap(_ x: String?, _ y: String?) -> Bool { x == nil || y == nil || x == y }
    var pairs: [(Int, Int)] = []
    for (rank, first) in order.enumerated() {
      for second in order[(rank + 1)...] {
        let a = transitions[first], b = transitions[second]
        if overlap(a.from, b.from), overlap(a.event, b.event) { pairs.append((first, second)) }
      }
    }
    return pairs
  }
}
