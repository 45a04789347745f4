import FeedbackGraph
import FeedbackLoopSupport

extension Explorer {
  /// Seeded random event walks of bounded length, for spaces too large to enumerate, with
  /// the checks of the exploration that need no global view: invariants, undeclared
  /// transitions and deadlocks (not never-firing transitions or unreached states, which
  /// need the whole space; nor final states, properties of moves or progress, which only
  /// the exploration and its replay check). The first failing walk is shrunk to a minimal
  /// event sequence before it is reported.
  ///
  /// ```swift
  /// let walks = Explorer(cart, events: [.add(1), .remove(1), .checkout])
  ///   .invariant("total is never negative") { $0.total >= 0 }
  ///   .randomWalks(count: 500, length: 200, seed: 1)
  /// #expect(walks.failure == nil, "\(walks.report)")
  /// ```
  ///
  /// Each step picks one of the state's choices (external events, then the samples of the
  /// feedbacks that would run) uniformly with SplitMix64; the same seed gives the same
  /// walks on every platform.
  public func randomWalks(count: Int = 100, length: Int = 100, seed: UInt64 = 0) -> RandomWalks<State, Event> {
    let model = ExplorationModel(self)
    var random = SplitMix64(seed: seed)
    var result = RandomWalks<State, Event>(system: system.name, seed: seed, walks: 0, events: 0)
    for _ in 0..<max(0, count) {
      result.walks += 1
      var node = model.initial.node
      var taken: [ExplorationModel<State, Event>.Choice] = []
      if let failure = Self.failure(in: node, steps: model.initial.steps, model: model) {
        let path = ExplorerPath(initial: system.initial, steps: model.initial.steps)
        result.failure = finding(failure, path: path, walk: result.walks, seed: seed)
        result.unshrunkLength = 0
        return result
      }
      for _ in 0..<max(0, length) {
        let choices = model.choices(of: node)
        if choices.isEmpty { break }
        let choice = choices[Int(random.next() % UInt64(choices.count))]
        let (steps, next) = model.take(choice, from: node)
        taken.append(choice)
        result.events += 1
        node = next
        if let failure = Self.failure(in: node, steps: steps, model: model) {
          let shrunk = Self.shrink(taken, failing: failure, model: model)
          result.failure = finding(failure, path: shrunk, walk: result.walks, seed: seed)
          result.unshrunkLength = taken.count
          return result
        }
      }
    }
    return result
  }

  /// A failure a walk can find at one step.
  enum WalkFailure: Equatable {
    case invariant(Int)
    case undeclared(TransitionID)
    case deadlock
  }

  static func failure(
    in node: LoopNode<State>, steps: [ExplorerPath<State, Event>.Step], model: ExplorationModel<State, Event>
  ) -> WalkFailure? {
    for step in steps {
      if step.kind == .undeclaredTransition, let transition = step.transition { return .undeclared(transition) }
      if step.kind != .ignoredEvent, let invariant = model.violatedInvariants(step.after).first {
        return .invariant(invariant)
      }
    }
    if steps.isEmpty, let invariant = model.violatedInvariants(node.state).first { return .invariant(invariant) }
    return isDeadlocked(node, model: model) ? .deadlock : nil
  }

  /// Whether no choice changes the node's state, not even for a moment (as the exploration
  /// tells states apart: by the merging key when there is one), and it is not marked final.
  static func isDeadlocked(_ node: LoopNode<State>, model: ExplorationModel<State, Event>) -> Bool {
    let state = node.state
    if model.explorer.isFinal?(state) ?? false { return false }
    let key = model.explorer.key
    let same: (State) -> Bool = key.map { key in { key($0) == key(state) } } ?? { $0 == state }
    let changes: (State, State) -> Bool = key.map { key in { key($0) != key($1) } } ?? { $0 != $1 }
    return !model.choices(of: node).contains { choice in
      let taken = model.take(choice, from: node)
      // A change the feedbacks undo at once is a change too.
      return !same(taken.next.state) || taken.steps.contains { changes($0.before, $0.after) }
    }
  }

  /// Replays `choices` from the initial node: the path up to the first time `failure`
  /// happens, or `nil` if it does not (or an event comes from an effect that is not in
  /// flight there).
  static func replay(
    _ choices: [ExplorationModel<State, Event>.Choice], failing failure: WalkFailure,
    model: ExplorationModel<State, Event>
  ) -> (path: ExplorerPath<State, Event>, choices: [ExplorationModel<State, Event>.Choice])? {
    var node = model.initial.node
    var steps = model.initial.steps
    for (number, choice) in choices.enumerated() {
      if choice.emitter != .outside, !model.choices(of: node).contains(where: { $0.emitter == choice.emitter }) {
        return nil
      }
      let (taken, next) = model.take(choice, from: node)
      steps += taken
      node = next
      if Self.failure(in: node, steps: taken, model: model) == failure {
        return (ExplorerPath(initial: model.system.initial, steps: steps), Array(choices[...number]))
      }
    }
    return nil
  }

  /// Removes chunks of events, halving their size down to one event, while the rest still
  /// fails the same way: the result is 1-minimal (no single event can go).
  static func shrink(
    _ choices: [ExplorationModel<State, Event>.Choice], failing failure: WalkFailure,
    model: ExplorationModel<State, Event>
  ) -> ExplorerPath<State, Event> {
    guard let replayed = replay(choices, failing: failure, model: model) else {
      preconditionFailure("a failing walk replays its failure")
    }
    var best = replayed.path
    var current = replayed.choices
    var size = max(1, current.count / 2)
    while size >= 1 {
      var start = 0
      var removed = false
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + size, current.count))
        if let shorter = replay(candidate, failing: failure, model: model) {
          best = shorter.path
          current = shorter.choices
          removed = true
        } else {
          start += size
        }
      }
      if !removed { size /= 2 }
    }
    return best
  }

  func finding(_ failure: WalkFailure, path: ExplorerPath<State, Event>, walk: Int, seed: UInt64) -> ExplorerFinding<
    State, Event
  > {
    let after = FindingBuilder<State, Event>.after(path)
    let state = String(describing: path.final)
    switch failure {
    case .invariant(let index):
      let name = invariants[index].description
      return ExplorerFinding(
        kind: .invariantViolated(name), path: path,
        message: "Invariant \"\(name)\" is violated \(after): \(state) (walk \(walk), seed \(seed)).",
        slug: FindingBuilder<State, Event>.slug("walk invariant \(name)"))
    case .undeclared(let transition):
      return ExplorerFinding(
        kind: .undeclaredTransition(transition), path: path,
        message:
          "Undeclared transition \(after): \(state) is outside the targets of \(system.graph.describe(transition)) (walk \(walk), seed \(seed)).",
        slug: FindingBuilder<State, Event>.slug("walk undeclared \(transition)"))
    case .deadlock:
      return ExplorerFinding(
        kind: .deadlock, path: path,
        message:
          "Deadlock \(after): no event changes \(state), and it is not marked final (walk \(walk), seed \(seed)).",
        slug: FindingBuilder<State, Event>.slug("walk deadlock"))
    }
  }
}
