import FeedbackGraph
public import FeedbackLoop

/// What the engine needs of an ``Explorer``, worked out once: the alphabet, and for each
/// feedback the sample events matching its declared `emits:` names.
@usableFromInline
struct ExplorationModel<State: Hashable & Sendable, Event: Sendable>: Sendable {
  @usableFromInline let explorer: Explorer<State, Event>
  @usableFromInline var system: System<State, Event> { explorer.system }
  /// The external events, when they are the same in every state.
  @usableFromInline let fixedEvents: [Event]
  @usableFromInline let perState: (@Sendable (State) -> [Event])?
  /// For each feedback with samples: its index and the sample events it may emit.
  @usableFromInline let feedbackSamples: [(feedback: Int, events: [Event])]
  /// Declared emitted events without a sample value: `(feedback, event)` names.
  @usableFromInline let missingSamples: [(feedback: String, event: String)]
  @usableFromInline let hasInvariants: Bool

  /// One way to leave a state: an event, sent from outside or emitted by a feedback.
  struct Choice {
    var event: Event
    /// The index of the feedback that emits it; `nil` for an external event.
    var feedback: Int?
  }

  @usableFromInline
  init(_ explorer: Explorer<State, Event>) {
    self.explorer = explorer
    switch explorer.alphabet {
    case .fixed(let events):
      fixedEvents = events
      perState = nil
    case .perState(let events):
      fixedEvents = []
      perState = events
    }
    var samples: [(Int, [Event])] = []
    var missing: [(String, String)] = []
    let system = explorer.system
    for (index, feedback) in system.feedbacks.enumerated() {
      var events: [Event] = []
      for name in feedback.emits {
        let matching = explorer.feedbackEvents.filter { system.nodeName(ofEvent: $0) == name }
        if matching.isEmpty { missing.append((feedback.name, name)) }
        events += matching
      }
      if !events.isEmpty { samples.append((index, events)) }
    }
    feedbackSamples = samples
    missingSamples = missing
    hasInvariants = !explorer.invariants.isEmpty
  }

  /// Calls `body` with each choice of `state` and its index, in a fixed order: the
  /// external events, then each running feedback's samples. `body` returns `false` to stop.
  @inline(__always)
  func forEachChoice(_ state: State, _ body: (Int, Event, Int?) -> Bool) {
    var index = 0
    if let perState {
      for event in perState(state) {
        guard body(index, event, nil) else { return }
        index += 1
      }
    } else {
      for event in fixedEvents {
        guard body(index, event, nil) else { return }
        index += 1
      }
    }
    for (feedback, events) in feedbackSamples {
      guard system.feedbacks[feedback].mayEmit(in: state) else { continue }
      for event in events {
        guard body(index, event, feedback) else { return }
        index += 1
      }
    }
  }

  /// The choice with index `choice` in `state`.
  func choice(_ choice: Int, in state: State) -> Choice? {
    var found: Choice?
    forEachChoice(state) { index, event, feedback in
      if index == choice { found = Choice(event: event, feedback: feedback) }
      return index < choice
    }
    return found
  }

  /// Every choice of `state`, in order.
  func choices(of state: State) -> [Choice] {
    var all: [Choice] = []
    forEachChoice(state) { _, event, feedback in
      all.append(Choice(event: event, feedback: feedback))
      return true
    }
    return all
  }

  /// Reduces `event` in `state` as one path step.
  func step(from state: State, event: Event, feedback: Int?) -> ExplorerPath<State, Event>.Step {
    let source = feedback.map { (id: FeedbackID($0), name: system.feedbacks[$0].name) }
    switch system.explorationReduce(state, event) {
    case .ignored:
      return .init(event: event, feedback: source, before: state, after: state, transition: nil, kind: .ignoredEvent)
    case .reduced(let next, let transition):
      return .init(event: event, feedback: source, before: state, after: next, transition: transition, kind: .event)
    case .undeclared(let next, let transition):
      return .init(
        event: event, feedback: source, before: state, after: next, transition: transition, kind: .undeclaredTransition)
    }
  }

  /// The indices of the invariants `state` breaks.
  @usableFromInline
  func violatedInvariants(_ state: State) -> [Int] {
    explorer.invariants.indices.filter { !explorer.invariants[$0].holds(state) }
  }
}
