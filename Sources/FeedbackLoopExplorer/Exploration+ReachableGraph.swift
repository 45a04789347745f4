public import FeedbackGraph

extension Exploration {
  /// The explored space as a `SystemGraph` of concrete states, which
  /// `diagram` draws like any system: one node per visited state (named by
  /// `String(describing:)` without module and enclosing-type prefixes:
  /// `editing(Form(email: "", password: ""))`), one edge per event that changes a state, labelled with the
  /// event's name (parallel edges are merged by the renderer). A system built from a plain
  /// reducer, which declares no transitions, gets its first figure this way. Final states
  /// (``Explorer/final(when:)``) are marked (`StateNode.isFinal`: a double border), waiting
  /// ones (``Explorer/waits(when:)``) too (`StateNode.isWaiting`: a dashed border), and the
  /// moves of the findings' paths carry their finding (`TransitionEdge.finding`: drawn red).
  ///
  /// ```swift
  /// let exploration = Explorer(Counter.system(), events: [.increment, .decrement], maxDepth: 2).run()
  /// let data = try Diagram.render(exploration.reachableGraph(), figure: .states, as: .svg)
  /// ```
  ///
  /// - Parameter limit: the most states to draw: the first `limit` found (breadth-first),
  ///   with the edges between them. The graph is named `<System>-reachable`, or
  ///   `<System>-reachable-first-<limit>` when it is cut.
  public func reachableGraph(limit: Int = 200) -> SystemGraph {
    // One node per system state (the first explored state with it stands for the others,
    // which differ only in the feedbacks' memories and effects in flight).
    var first: [State: Int] = [:]
    var order: [Int] = []
    for (index, node) in storage.nodes.enumerated() where first[node.state] == nil {
      first[node.state] = order.count
      order.append(index)
    }
    let total = order.count
    let isFinal = storage.model.explorer.isFinal, isWaiting = storage.model.explorer.isWaiting
    let count = min(total, max(1, limit))
    var names: [String] = []
    var used: [String: Int] = [:]
    for number in 0..<count {
      let base = Self.shortened(String(describing: storage.nodes[order[number]].state))
      used[base, default: 0] += 1
      names.append(used[base]! == 1 ? base : "\(base) #\(used[base]!)")
    }
    // The moves of the findings' paths, by (before, event, after) node: drawn red.
    var findingMoves: [String: String] = [:]
    for finding in findings {
      for step in finding.path?.steps ?? [] {
        guard let event = step.event, let source = first[step.before], let target = first[step.after] else { continue }
        let key = "\(source)\u{1}\(target)\u{1}\(system.nodeName(ofEvent: event))"
        if findingMoves[key] == nil { findingMoves[key] = finding.slug }
      }
    }
    var edges: [TransitionEdge] = []
    var seen = Set<String>()
    var events = Set<String>()
    for node in storage.nodes {
      guard let from = first[node.state], from < count else { continue }
      for choice in storage.model.choices(of: node) {
        let (steps, _) = storage.model.take(choice, from: node)
        for step in steps where step.kind != .ignoredEvent {
          // An effect that ends silently leaves the state as it is: no edge.
          guard let stepEvent = step.event, let source = first[step.before], let target = first[step.after],
            source != target, source < count, target < count
          else { continue }
          let event = system.nodeName(ofEvent: stepEvent)
          let key = "\(source)\u{1}\(target)\u{1}\(event)"
          guard seen.insert(key).inserted else { continue }
          events.insert(event)
          var edge = TransitionEdge(
            id: TransitionID(edges.count), from: names[source], event: event, to: [names[target]],
            label: step.kind == .undeclaredTransition ? "undeclared" : nil)
          edge.finding = findingMoves[key]
          edges.append(edge)
        }
      }
    }
    return SystemGraph(
      name: count < total ? "\(system.name)-reachable-first-\(count)" : "\(system.name)-reachable",
      initial: names[0],
      states: (0..<count).map { number in
        let state = storage.nodes[order[number]].state
        return StateNode(id: names[number], isFinal: isFinal?(state) ?? false, isWaiting: isWaiting?(state) ?? false)
      }.sorted { $0.id < $1.id },
      events: events.sorted().map { EventNode(id: $0) },
      declaresTransitions: true,
      transitions: edges,
      feedbacks: []
    )
  }

  /// `description` without the qualifiers of type names: `FeedbackLoopExamples.SignIn.Form(`
  /// becomes `Form(`. (Text inside string literals that looks the same is shortened too;
  /// names that collide afterwards are told apart with `#2`, `#3`, ….)
  static func shortened(_ description: String) -> String {
    description.replacing(#/(?:[A-Za-z_][A-Za-z0-9_]*\.)+(?=[A-Z][A-Za-z0-9_]*\()/#, with: "")
  }
}
