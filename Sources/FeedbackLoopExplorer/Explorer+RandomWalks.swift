import FeedbackGraph

extension Explorer {
  /// Seeded random event walks of bounded length, for spaces too large to enumerate, with
  /// the checks of the exploration that need no global view: invariants, undeclared
  /// transitions and deadlocks (not never-firing transitions or unreached states, which
  /// need the whole space). The first failing walk is shrunk to a minimal event sequence
  /// before it is reported.
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
      var state = system.initial
      var taken: [(event: Event, feedback: Int?)] = []
      if let failure = Self.failure(in: state, step: nil, model: model) {
        result.failure = finding(failure, path: ExplorerPath(initial: state, steps: []), walk: result.walks, seed: seed)
        result.unshrunkLength = 0
        return result
      }
      for _ in 0..<max(0, length) {
        let choices = model.choices(of: state)
        if choices.isEmpty { break }
        let choice = choices[Int(random.next() % UInt64(choices.count))]
        let step = model.step(from: state, event: choice.event, feedback: choice.feedback)
        taken.append((choice.event, choice.feedback))
        result.events += 1
        state = step.after
        if let failure = Self.failure(in: state, step: step, model: model) {
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

  static func failure(in state: State, step: ExplorerPath<State, Event>.Step?, model: ExplorationModel<State, Event>)
    -> WalkFailure?
  {
    if let step, step.kind == .undeclaredTransition, let transition = step.transition { return .undeclared(transition) }
    if let invariant = model.violatedInvariants(state).first { return .invariant(invariant) }
    return isDeadlocked(state, model: model) ? .deadlock : nil
  }

  /// Whether no choice changes `state` (as the exploration tells states apart: by the
  /// merging key when there is one) and it is not marked final.
  static func isDeadlocked(_ state: State, model: ExplorationModel<State, Event>) -> Bool {
    if model.explorer.isFinal?(state) ?? false { return false }
    let key = model.explorer.key
    let same: (State) -> Bool = key.map { key in { key($0) == key(state) } } ?? { $0 == state }
    return !model.choices(of: state).contains { choice in
      !same(model.step(from: state, event: choice.event, feedback: choice.feedback).after)
    }
  }

  /// Replays `events` from the initial state: the path up to the first time `failure`
  /// happens, or `nil` if it does not (or a feedback event comes where its feedback would
  /// not run).
  static func replay(
    _ events: [(event: Event, feedback: Int?)], failing failure: WalkFailure, model: ExplorationModel<State, Event>
  ) -> ExplorerPath<State, Event>? {
    var state = model.system.initial
    var steps: [ExplorerPath<State, Event>.Step] = []
    for (event, feedback) in events {
      if let feedback, !model.system.feedbacks[feedback].mayEmit(in: state) { return nil }
      let step = model.step(from: state, event: event, feedback: feedback)
      steps.append(step)
      state = step.after
      if Self.failure(in: state, step: step, model: model) == failure {
        return ExplorerPath(initial: model.system.initial, steps: steps)
      }
    }
    return nil
  }

  /// Removes chunks of events, halving their size down to one event, while the rest still
  /// fails the same way: the result is 1-minimal (no single event can go).
  static func shrink(
    _ events: [(event: Event, feedback: Int?)], failing failure: WalkFailure, model: ExplorationModel<State, Event>
  ) -> ExplorerPath<State, Event> {
    guard var best = replay(events, failing: failure, model: model) else {
      preconditionFailure("a failing walk replays its failure")
    }
    var current = best.steps.map { (event: $0.event, feedback: $0.feedback.map { $0.id.index }) }
    var size = max(1, current.count / 2)
    while size >= 1 {
      var start = 0
      var removed = false
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + size, current.count))
        if let path = replay(candidate, failing: failure, model: model) {
          best = path
          current = path.steps.map { (event: $0.event, feedback: $0.feedback.map { $0.id.index }) }
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
