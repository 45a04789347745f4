public import FeedbackGraph

extension System {
  /// The system described as data, for diagrams, coverage and tools.
  ///
  /// States are named by enum case (payload ignored) or type, unless `namingStates(_:)`
  /// says otherwise; a state's fields come from the values the declaration shows (the
  /// initial state, fixed targets, value patterns) or, for a `Decodable` state named by
  /// case only (`.case("uploading")`), from the case's payload types; an event's from the
  /// values its value patterns show. States and events are sorted by name;
  /// transitions keep declaration order (their `TransitionID`s count from 0); feedbacks keep theirs.
  /// Deterministic: the same system always gives the same graph.
  public var graph: SystemGraph {
    var states: [String: [String]] = [:]
    var events: Set<String> = []
    var eventFields: [String: [String]] = [:]

    func note(_ state: State) -> String {
      let name = stateName(state)
      if states[name]?.isEmpty ?? true { states[name] = Naming.fields(of: state) }
      return name
    }
    func note(_ pattern: StatePattern<State>) -> String? {
      if let sample = pattern.sample { return note(sample) }
      guard let name = pattern.name else { return nil }
      if states[name] == nil { states[name] = [] }
      return name
    }

    let initialName = note(initial)
    var edges: [TransitionEdge] = []
    for (index, transition) in (table?.transitions ?? []).enumerated() {
      let from = note(transition.from)
      let targets: [String]
      let isComputed: Bool
      switch transition.target {
      case .fixed(let target):
        targets = [note(target)]
        isComputed = false
      case .computed(let patterns, _):
        targets = patterns.compactMap { note($0) }
        isComputed = true
      }
      if let event = transition.on.name { events.insert(event) }
      if let sample = transition.on.sample, let event = transition.on.name, eventFields[event]?.isEmpty ?? true {
        eventFields[event] = Naming.fields(of: sample)
      }
      edges.append(
        TransitionEdge(
          id: TransitionID(index),
          from: from,
          fromMatch: transition.from.pattern.graphMatch,
          event: transition.on.name,
          eventMatch: transition.on.pattern.graphMatch,
          to: targets,
          isComputed: isComputed,
          label: transition.label,
          guardDescription: transition.condition?.description
        ))
    }
    let feedbackNodes = feedbacks.map { feedback in
      events.formUnion(feedback.emits)
      return FeedbackNode(
        name: feedback.name, watches: feedback.watches, emits: feedback.emits,
        strategy: feedback.hasStrategy ? feedback.executionStrategy.rawValue : nil, isInput: feedback.isInput)
    }
    // A state the declaration names by case only (`.case("uploading")`) shows the fields of
    // its payload types, read from a made-up value of that case when the state is Decodable.
    for (state, fields) in states where fields.isEmpty {
      if let sample = CaseSample.value(of: State.self, case: state), stateName(sample) == state {
        states[state] = Naming.fields(of: sample)
      }
    }
    return SystemGraph(
      name: name,
      initial: initialName,
      states: states.keys.sorted().map { StateNode(id: $0, fields: states[$0] ?? []) },
      events: events.sorted().map { EventNode(id: $0, fields: eventFields[$0] ?? []) },
      declaresTransitions: table != nil,
      transitions: edges,
      feedbacks: feedbackNodes
    )
  }
}
