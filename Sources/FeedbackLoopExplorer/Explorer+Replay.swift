import FeedbackGraph
import FeedbackLoop

extension Explorer {
  /// Replays `moves` from the initial state with the explorer's own semantics (the
  /// feedbacks' logic and memories, effects in flight), the effects' emissions given by
  /// the moves instead of running them: deterministic, whatever the live effects would do.
  /// It checks what the exploration checks: invariants and undeclared transitions at each
  /// step, a deadlock or a stuck state at the end.
  ///
  /// ```swift
  /// let replay = explorer.replay([.send(.enqueue("a")), .send(.enqueue("a")), .emitted(.uploaded, by: "upload")])
  /// let kinds = replay.findings.map(\.kind)  // [.stuck]
  /// ```
  ///
  /// The test kit's `assertNoLongerReaches(_:along:)` reports one finding as a test
  /// failure while the moves reach it: it is what the tests printed for explorer findings
  /// call (`assertReplay(_:)`, which earlier printed tests call, reports them all).
  public func replay(_ moves: [ExplorerMove<Event>]) -> ExplorerReplay<State, Event> {
    let model = ExplorationModel(self)
    var node = model.initial.node
    var path = ExplorerPath<State, Event>(initial: system.initial, steps: [])
    var findings: [ExplorerFinding<State, Event>] = []
    var broken = Set<Int>()
    var brokenProperties = Set<Int>()
    var leftFinal = false
    var atEnd = Set<Int>()
    typealias Builder = FindingBuilder<State, Event>
    func checkEnd(_ node: LoopNode<State>) {
      for feedback in model.effectsInFlightAtEnd(node) where atEnd.insert(feedback).inserted {
        findings.append(Builder.effectAtEndFinding(model.feedbacks[feedback].name, path: path, system: system))
      }
    }
    func check(_ steps: [ExplorerPath<State, Event>.Step]) {
      for step in steps {
        path.steps.append(step)
        for index in model.brokenProperties(step.before, ExplorerMove(step), step.after)
        where brokenProperties.insert(index).inserted {
          findings.append(Builder.propertyFinding(properties[index].description, path: path, system: system))
        }
        if !leftFinal, model.leavesFinal(step.before, step.after) {
          leftFinal = true
          findings.append(Builder.finalLeftFinding(path: path, system: system))
        }
        if step.kind == .undeclaredTransition, let transition = step.transition {
          let edge = system.graph.describe(transition)
          findings.append(
            ExplorerFinding(
              kind: .undeclaredTransition(transition), path: path,
              message:
                "Undeclared transition \(FindingBuilder<State, Event>.after(path)): \(step.event.map(SwiftSource.describe) ?? "?") turned \(step.before) into \(step.after), outside the targets of \(edge).",
              slug: FindingBuilder<State, Event>.slug("undeclared \(transition)")))
        }
        guard step.kind != .ignoredEvent else { continue }
        for index in model.violatedInvariants(step.after) where broken.insert(index).inserted {
          findings.append(invariantFinding(index, path: path))
        }
      }
    }
    for index in model.violatedInvariants(system.initial) where broken.insert(index).inserted {
      findings.append(invariantFinding(index, path: path))
    }
    check(model.initial.steps)
    checkEnd(node)
    var visited = [(node: node, steps: path.steps.count)]
    for (number, move) in moves.enumerated() {
      guard let choice = Self.choice(for: move, in: node, model: model) else {
        return ExplorerReplay(
          path: path, findings: findings,
          divergence:
            "move \(number + 1), \(Self.describe(move)), cannot be replayed in \(node.state)\(Self.why(move, in: node, model: model))."
        )
      }
      let (steps, next) = model.take(choice, from: node)
      check(steps)
      node = next
      checkEnd(node)
      visited.append((node, path.steps.count))
    }
    if let cycle = Self.nonProgressCycle(visited, model: model) {
      var lasso = path
      lasso.cycleStart = cycle
      findings.append(Builder.nonProgressFinding(path: lasso, system: system))
    }
    if Self.isDeadlocked(node, model: model) {
      findings.append(
        ExplorerFinding(
          kind: .deadlock, path: path,
          message:
            "Deadlock \(FindingBuilder<State, Event>.after(path)): no event changes \(node.state), and it is not marked final.",
          slug: "deadlock"))
    } else if model.reacts, !node.hasEffectInFlight, !model.mayRest(in: node.state) {
      findings.append(
        ExplorerFinding(
          kind: .stuck, path: path,
          message:
            "Stuck \(FindingBuilder<State, Event>.after(path)): no effect is in flight in \(node.state)\(model.remembered(node)), so only an event from outside can move the loop, and it is not declared as waiting (waits(when:)).",
          slug: "stuck"))
    }
    return ExplorerReplay(path: path, findings: findings, divergence: nil)
  }

  /// Where a replayed path's cycle starts (an index into its steps), if its last node was
  /// visited before with only non-progress nodes (``progress(when:)``) since, and a move
  /// in between changed it: the path is a lasso.
  static func nonProgressCycle(
    _ visited: [(node: LoopNode<State>, steps: Int)], model: ExplorationModel<State, Event>
  ) -> Int? {
    guard model.explorer.isProgress != nil, let last = visited.last else { return nil }
    var moved = false
    for earlier in visited.dropLast().reversed() {
      if model.isProgressOrRest(earlier.node.state) { return nil }
      if earlier.node != last.node {
        moved = true
      } else if moved, !model.isProgressOrRest(last.node.state) {
        return earlier.steps
      }
    }
    return nil
  }

  func invariantFinding(_ index: Int, path: ExplorerPath<State, Event>) -> ExplorerFinding<State, Event> {
    let description = invariants[index].description
    return ExplorerFinding(
      kind: .invariantViolated(description), path: path,
      message:
        "Invariant \"\(description)\" is violated \(FindingBuilder<State, Event>.after(path)): \(path.final).",
      slug: FindingBuilder<State, Event>.slug("invariant \(description)"))
  }

  /// The choice a move stands for in `node`, if it has one.
  static func choice(
    for move: ExplorerMove<Event>, in node: LoopNode<State>, model: ExplorationModel<State, Event>
  ) -> ExplorationModel<State, Event>.Choice? {
    switch move {
    case .send(let event):
      return .init(event: event, emitter: .outside)
    case .choice(let index):
      return model.choice(index, in: node)
    case .emitted(let event, let name):
      let emitter = model.choices(of: node).first { choice in
        choice.emitter.feedback.map { model.feedbacks[$0].name == name } ?? false
      }?.emitter
      return emitter.map { .init(event: event, emitter: $0) }
    case .ended(let name):
      return model.choices(of: node).first { choice in
        choice.event == nil && choice.emitter.feedback.map { model.feedbacks[$0].name == name } ?? false
      }
    }
  }

  static func describe(_ move: ExplorerMove<Event>) -> String {
    switch move {
    case .send(let event): "send \(SwiftSource.describe(event))"
    case .emitted(let event, let name): "\(SwiftSource.describe(event)) from \(name)"
    case .choice(let index): "choice \(index)"
    case .ended(let name): "the end of \(name)'s effect"
    }
  }

  static func why(_ move: ExplorerMove<Event>, in node: LoopNode<State>, model: ExplorationModel<State, Event>)
    -> String
  {
    switch move {
    case .send: ""
    case .choice: ": it has \(model.choices(of: node).count) choices"
    case .emitted(_, let name):
      model.feedbacks.contains { $0.name == name }
        ? ": \(name) has no effect in flight there" : ": the system has no feedback named \"\(name)\""
    case .ended(let name):
      if let index = model.feedbacks.firstIndex(where: { $0.name == name }) {
        model.endsSilently[index]
          ? ": \(name) has no effect in flight there"
          : ": the explorer does not let \(name)'s effects end silently (effectsMayEndSilently)"
      } else {
        ": the system has no feedback named \"\(name)\""
      }
    }
  }
}
