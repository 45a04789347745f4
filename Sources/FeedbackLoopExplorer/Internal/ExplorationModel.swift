import FeedbackGraph
public import FeedbackLoop

/// What the engine needs of an ``Explorer``, worked out once: the alphabet, each
/// feedback's definition (the runtime's own logic) and the sample events its effects may
/// emit, and the choices of a node.
@usableFromInline
struct ExplorationModel<State: Hashable & Sendable, Event: Sendable>: Sendable {
  @usableFromInline let explorer: Explorer<State, Event>
  @usableFromInline var system: System<State, Event> { explorer.system }
  /// The external events, when they are the same in every state.
  @usableFromInline let fixedEvents: [Event]
  @usableFromInline let perState: (@Sendable (State) -> [Event])?
  /// Per feedback: how it reacts and what it may emit.
  @usableFromInline let feedbacks: [ExploredFeedback<State, Event>]
  /// Whether some feedback reacts to states (starts effects): then nodes carry snapshots,
  /// and states without effects in flight are checked for being stuck.
  @usableFromInline let reacts: Bool
  /// Declared emitted events without a sample value: `(feedback, event)` names.
  @usableFromInline let missingSamples: [(feedback: String, event: String)]
  @usableFromInline let hasInvariants: Bool
  /// Whether there are properties of moves to check.
  @usableFromInline let hasProperties: Bool
  /// Per feedback: whether its effects may still run in a final state.
  @usableFromInline let outlives: [Bool]
  /// Per feedback: whether its running effects may end without an event.
  @usableFromInline let endsSilently: [Bool]
  /// Whether any feedback's effects may end without an event.
  @usableFromInline let anyEndsSilently: Bool
  /// Per feedback: whether it is an input or mediator (``ExploredFeedback/isSource``).
  @usableFromInline let isSource: [Bool]
  /// Names given to `effectsMayEndSilently(_:)` that no feedback has.
  let unknownSilentFeedbacks: [String]
  /// The initial node, and the steps of the events its feedbacks emit at once.
  @usableFromInline private(set) var initial: (node: LoopNode<State>, steps: [ExplorerPath<State, Event>.Step])
  /// The initial node's steps as the search notes them.
  @usableFromInline private(set) var initialReductions: [Reduction] = []

  /// One way to leave a node: an event and who emits it, or (`event == nil`) a running
  /// effect that ends without one.
  @usableFromInline
  struct Choice {
    @usableFromInline var event: Event?
    @usableFromInline var emitter: Emitter
    /// Its index among the node's choices (`nil` for a move given by value).
    @usableFromInline var index: Int?

    @inlinable
    init(event: Event?, emitter: Emitter, index: Int? = nil) {
      self.event = event
      self.emitter = emitter
      self.index = index
    }
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
    var missing: [(String, String)] = []
    let system = explorer.system
    var feedbacks: [ExploredFeedback<State, Event>] = []
    for feedback in system.feedbacks {
      var events: [Event] = []
      for name in feedback.emits {
        var matching = explorer.feedbackEvents.filter { system.nodeName(ofEvent: $0) == name }
        if matching.isEmpty {
          matching = feedback.declaredEvents.filter { system.nodeName(ofEvent: $0) == name }
        }
        if matching.isEmpty { missing.append((feedback.name, name)) }
        events += matching
      }
      feedbacks.append(ExploredFeedback(feedback, samples: events))
    }
    self.feedbacks = feedbacks
    missingSamples = missing
    hasInvariants = !explorer.invariants.isEmpty
    hasProperties = !explorer.properties.isEmpty
    outlives = feedbacks.map { feedback in
      explorer.outliving.map { $0.isEmpty || $0.contains(feedback.name) } ?? false
    }
    if let names = explorer.silentlyEnding {
      endsSilently = feedbacks.map { !$0.isSource && (names.isEmpty || names.contains($0.name)) }
      unknownSilentFeedbacks = names.filter { name in !feedbacks.contains { $0.name == name } }.sorted()
    } else {
      endsSilently = feedbacks.map { _ in false }
      unknownSilentFeedbacks = []
    }
    anyEndsSilently = endsSilently.contains(true)
    reacts = feedbacks.contains { $0.reacts }
    isSource = feedbacks.map(\.isSource)
    initial = (LoopNode(state: system.initial, feedbacks: []), [])
    let (node, reductions) = start()
    initialReductions = reductions
    initial = (node, reductions.map(step))
  }

  /// Calls `body` with each choice of `node` and its index, in a fixed order: the
  /// external events, then per feedback the samples of each effect in flight (or of an
  /// input or mediator), then, where effects may end silently, each effect in flight
  /// ending (`nil` for the event). `body` returns `false` to stop.
  @inlinable @inline(__always)
  func forEachChoice(_ node: LoopNode<State>, _ body: (Int, Event?, Emitter) -> Bool) {
    var index = 0
    if let perState {
      for event in perState(node.state) {
        guard body(index, event, .outside) else { return }
        index += 1
      }
    } else {
      for event in fixedEvents {
        guard body(index, event, .outside) else { return }
        index += 1
      }
    }
    guard !feedbacks.isEmpty else { return }
    // By index, with no array of emitters: this runs for every explored node.
    for feedback in feedbacks.indices {
      let samples = feedbacks[feedback].samples
      if samples.isEmpty { continue }
      func emit(_ emitter: Emitter) -> Bool {
        for event in samples {
          guard body(index, event, emitter) else { return false }
          index += 1
        }
        return true
      }
      if isSource[feedback] {
        guard emit(.source(feedback)) else { return }
      } else if feedback < node.feedbacks.count {
        if node.feedbacks[feedback].tasks > 0 { guard emit(.task(feedback)) else { return } }
        if node.feedbacks[feedback].streams > 0 { guard emit(.stream(feedback)) else { return } }
        if node.feedbacks[feedback].requests.isEmpty { continue }
        for (request, effect) in node.feedbacks[feedback].requests.enumerated() where effect.running != .ended {
          guard emit(.request(feedback: feedback, request: request)) else { return }
        }
      }
    }
    // Last, so that the indices of the other choices do not depend on this option.
    guard anyEndsSilently else { return }
    for feedback in feedbacks.indices where endsSilently[feedback] && feedback < node.feedbacks.count {
      let snapshot = node.feedbacks[feedback]
      if snapshot.tasks > 0 {
        guard body(index, nil, .task(feedback)) else { return }
        index += 1
      }
      if snapshot.streams > 0 {
        guard body(index, nil, .stream(feedback)) else { return }
        index += 1
      }
      for (request, effect) in snapshot.requests.enumerated() where effect.running != .ended {
        guard body(index, nil, .request(feedback: feedback, request: request)) else { return }
        index += 1
      }
    }
  }

  /// The choice with index `choice` in `node`.
  func choice(_ choice: Int, in node: LoopNode<State>) -> Choice? {
    var found: Choice?
    forEachChoice(node) { index, event, emitter in
      if index == choice { found = Choice(event: event, emitter: emitter, index: index) }
      return index < choice
    }
    return found
  }

  /// Every choice of `node`, in order.
  func choices(of node: LoopNode<State>) -> [Choice] {
    var all: [Choice] = []
    forEachChoice(node) { index, event, emitter in
      all.append(Choice(event: event, emitter: emitter, index: index))
      return true
    }
    return all
  }

  /// The steps and the node that taking `choice` in `node` leads to.
  func take(_ choice: Choice, from node: LoopNode<State>) -> (
    steps: [ExplorerPath<State, Event>.Step], next: LoopNode<State>
  ) {
    var steps: [ExplorerPath<State, Event>.Step] = []
    let next = successor(of: node, choice.event, from: choice.emitter) { steps.append(step($0)) }
    if !steps.isEmpty { steps[0].choice = choice.index }
    return (steps, next)
  }

  /// The indices of the invariants `state` breaks.
  @usableFromInline
  func violatedInvariants(_ state: State) -> [Int] {
    explorer.invariants.indices.filter { !explorer.invariants[$0].holds(state) }
  }

  /// The indices of the properties the move from `before` to `after` breaks.
  @usableFromInline
  func brokenProperties(_ before: State, _ move: ExplorerMove<Event>, _ after: State) -> [Int] {
    explorer.properties.indices.filter { !explorer.properties[$0].holds(before, move, after) }
  }

  /// Whether the move from `before` to `after` leaves a final state.
  @inlinable @inline(__always)
  func leavesFinal(_ before: State, _ after: State) -> Bool {
    guard let isFinal = explorer.isFinal else { return false }
    return before != after && isFinal(before)
  }

  /// The feedbacks (indices) with an effect in flight in `node`, if its state is final,
  /// that may not outlive the end.
  @usableFromInline
  func effectsInFlightAtEnd(_ node: LoopNode<State>) -> [Int] {
    guard let isFinal = explorer.isFinal, node.hasEffectInFlight, isFinal(node.state) else { return [] }
    return node.feedbacks.indices.filter { node.feedbacks[$0].hasEffectInFlight && !outlives[$0] }
  }

  /// `, with upload remembering Key(file: "a", attempt: 0)`: what the feedbacks remember
  /// in `node`, which tells why none starts an effect there.
  func remembered(_ node: LoopNode<State>) -> String {
    let remembered = zip(feedbacks, node.feedbacks).compactMap { feedback, snapshot -> String? in
      switch snapshot.memory {
      case .none: nil
      case .flag(let flag): "\(feedback.name) remembering \(flag)"
      case .value(let value): "\(feedback.name) remembering \(value.map { "\($0)" } ?? "nil")"
      }
    }
    return remembered.isEmpty ? "" : ", with " + remembered.joined(separator: " and ")
  }

  /// Whether `state` counts as progress for the non-progress cycle check: marked progress,
  /// final or waiting. Inlined: with progress checked, the search asks it of every node.
  @inlinable
  func isProgressOrRest(_ state: State) -> Bool {
    (explorer.isProgress?(state) ?? false) || mayRest(in: state)
  }

  /// Whether `state` is one the user declared the loop may rest in (waiting for the
  /// outside, or final). Inlined: the search asks it of every node with no effect in flight.
  @inlinable
  func mayRest(in state: State) -> Bool {
    (explorer.isWaiting?(state) ?? false) || (explorer.isFinal?(state) ?? false)
  }
}

/// One feedback as the explorer runs it: its definition and strategy, and its samples.
@usableFromInline
struct ExploredFeedback<State: Sendable, Event: Sendable>: Sendable {
  @usableFromInline let name: String
  @usableFromInline let definition: FeedbackDefinition<State, Event>
  @usableFromInline let isDisabled: (@Sendable (State) -> Bool)?
  @usableFromInline let cancelsOnNewState: Bool
  /// The sample events its effects (or its input) may emit.
  @usableFromInline let samples: [Event]

  init(_ feedback: Feedback<State, Event>, samples: [Event]) {
    name = feedback.name
    definition = feedback.definition
    isDisabled = feedback.disabledCondition
    cancelsOnNewState = feedback.executionStrategy == .cancelOnNewState
    self.samples = samples
  }

  /// Whether it reacts to states by starting effects (not an input or mediator).
  @usableFromInline var reacts: Bool { !isSource }

  @usableFromInline var isSource: Bool {
    if case .source = definition { return true }
    return false
  }

  /// The memory before the first state.
  @usableFromInline var initialMemory: FeedbackMemory {
    if case .slot(let logic) = definition { return logic.initial }
    return .none
  }
}
