public import FeedbackGraph

/// What the search noted along the way, by state index.
@usableFromInline
struct ExplorationRecord: Sendable {
  /// Edges whose reduction changed the state.
  @usableFromInline var transitions = 0
  @usableFromInline var depth = 0
  /// For each declared transition, the first state and choice that fired it (`-1`: none).
  @usableFromInline var firstFiring: [(state: Int32, choice: UInt16)]
  /// Undeclared transitions in the order found, with the first state and choice.
  @usableFromInline var undeclared: [(transition: TransitionID, state: Int32, choice: UInt16)] = []
  /// For each invariant, where it is first broken: a node (`choice` −1), or a state on
  /// the way from a node by one of its choices (`state` −1: never).
  @usableFromInline var invariantViolations: [(state: Int32, choice: Int32)] = []
  /// For each property of moves, where it is first broken: a node and one of its choices
  /// (`choice` −1: the initial node's own steps; `state` −1: never).
  @usableFromInline var propertyViolations: [(state: Int32, choice: Int32)] = []
  /// The first move out of a final state (a node and one of its choices, as for
  /// properties), and how many were seen.
  @usableFromInline var finalLeft: (state: Int32, choice: Int32) = (-1, -1)
  @usableFromInline var finalLeftCount = 0
  /// Per feedback, the first final node reached with its effect in flight (`-1`: none).
  @usableFromInline var effectsAtEnd: [Int32] = []
  @usableFromInline var firstDeadlock = -1
  /// The first stuck node (no effect in flight, not declared waiting), and how many.
  @usableFromInline var firstStuck = -1
  @usableFromInline var stuck = 0
  /// Whether some state had more than 65,536 choices, of which only the first were tried.
  @usableFromInline var choicesDropped = false
  @usableFromInline var deadlocks = 0
  /// State node -> event nodes ignored there, in the order first seen.
  @usableFromInline var ignored: [String: [String]] = [:]
  @usableFromInline var ignoredOrder: [String] = []
  /// Ignored pairs noted by their dispatch keys (see `System.namingKeys`): the keys seen,
  /// and the first state and choice of each, in the order found; named when reported.
  @usableFromInline var ignoredKeys: Set<IgnoredKeys> = []
  @usableFromInline var ignoredSamples: [(state: Int32, choice: UInt16)] = []
  /// The graph node names of every reached state (complete explorations of systems that
  /// declare transitions).
  @usableFromInline var reachedNodes: Set<String>?
  /// The moves between non-progress nodes, where the explorer checks progress.
  @usableFromInline var quietEdges: QuietEdges?

  /// The choice that stands for the steps before the initial node (the events the
  /// feedbacks send at once on the initial state): never a real choice.
  @usableFromInline static var initialSteps: UInt16 { .max }

  @usableFromInline
  init(transitionCount: Int) {
    firstFiring = Array(repeating: (-1, 0), count: transitionCount)
  }

  @usableFromInline
  mutating func noteUndeclared(_ transition: TransitionID, state: Int32, choice: UInt16) {
    if !undeclared.contains(where: { $0.transition == transition }) {
      undeclared.append((transition, state, choice))
    }
  }

  @inlinable
  mutating func noteIgnored(keys: (state: Int, event: Int), state: Int32, choice: UInt16) {
    if ignoredKeys.insert(IgnoredKeys(state: keys.state, event: keys.event)).inserted {
      ignoredSamples.append((state, choice))
    }
  }

  /// Notes that invariant `invariant` breaks at `state` (then `choice`), unless it broke
  /// earlier.
  @usableFromInline
  mutating func noteViolation(_ invariant: Int, state: Int32, choice: Int32) {
    if invariantViolations[invariant].state < 0 { invariantViolations[invariant] = (state, choice) }
  }

  /// Notes that property `property` breaks at `state` then `choice`, unless it broke earlier.
  @usableFromInline
  mutating func noteBrokenProperty(_ property: Int, state: Int32, choice: Int32) {
    if propertyViolations[property].state < 0 { propertyViolations[property] = (state, choice) }
  }

  /// Notes a move out of a final state at `state` then `choice`.
  @usableFromInline
  mutating func noteFinalLeft(state: Int32, choice: Int32) {
    if finalLeft.state < 0 { finalLeft = (state, choice) }
    finalLeftCount += 1
  }

  @usableFromInline
  mutating func noteIgnored(state: String, event: String) {
    if ignored[state] == nil { ignoredOrder.append(state) }
    if !(ignored[state]?.contains(event) ?? false) { ignored[state, default: []].append(event) }
  }
}

/// The dispatch keys of an ignored state and event.
@usableFromInline
struct IgnoredKeys: Hashable, Sendable {
  @usableFromInline let state: Int
  @usableFromInline let event: Int

  @inlinable
  init(state: Int, event: Int) {
    (self.state, self.event) = (state, event)
  }
}
