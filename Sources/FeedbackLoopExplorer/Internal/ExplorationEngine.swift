import FeedbackGraph
import FeedbackLoop

/// The breadth-first search. The store's states are the queue: states are expanded in the
/// order they were found, so each is first reached by a shortest path.
struct ExplorationEngine<State: Hashable & Sendable, Event: Sendable, Keying: StateKeying> where Keying.State == State {
  let model: ExplorationModel<State, Event>
  let keying: Keying
  var store = StateStore<Keying.Key>()
  var representatives: ContiguousArray<State> = []
  var record = ExplorationRecord(transitionCount: 0)
  var boundReached: ExplorationCompletion?

  init(model: ExplorationModel<State, Event>, keying: Keying) {
    self.model = model
    self.keying = keying
    record = ExplorationRecord(transitionCount: model.system.declaredTransitionCount)
    record.invariantViolations = Array(repeating: -1, count: model.explorer.invariants.count)
  }

  @inline(__always)
  func state(at index: Int) -> State {
    keying.state(index, keys: store.elements, representatives: representatives)
  }

  mutating func run(progress: ((ExplorationProgress) -> Bool)?) -> Exploration<State, Event> {
    let started = ContinuousClock.now
    let system = model.system
    let maxDepth = model.explorer.maxDepth
    let isFinal = model.explorer.isFinal
    admit(system.initial, key: keying.key(system.initial), parent: -1, choice: 0)
    var index = 0
    var depth = 0
    var levelEnd = 1
    var nextReport = 1 << 16
    var completion = ExplorationCompletion.complete
    while index < store.count {
      if index == levelEnd {
        depth += 1
        levelEnd = store.count
      }
      if depth >= maxDepth {
        completion = .depthBound(maxDepth)
        break
      }
      let state = state(at: index)
      let stateKey = keying.key(state)
      var changes = false
      var stateNode: String?
      let parent = Int32(truncatingIfNeeded: index)
      var choice = 0
      var going = true
      if let perState = model.perState {
        for event in perState(state) where going {
          going = follow(event, from: state, key: stateKey, parent: parent, choice: choice, changes: &changes, node: &stateNode)
          choice += 1
        }
      } else {
        for event in model.fixedEvents where going {
          going = follow(event, from: state, key: stateKey, parent: parent, choice: choice, changes: &changes, node: &stateNode)
          choice += 1
        }
      }
      for (feedback, events) in model.feedbackSamples where going && system.feedbacks[feedback].mayEmit(in: state) {
        for event in events where going {
          going = follow(event, from: state, key: stateKey, parent: parent, choice: choice, changes: &changes, node: &stateNode)
          choice += 1
        }
      }
      if let bound = boundReached {
        completion = bound
        break
      }
      if !changes, !(isFinal?(state) ?? false) {
        if record.firstDeadlock < 0 { record.firstDeadlock = index }
        record.deadlocks += 1
      }
      index += 1
      if store.count >= nextReport || index == store.count {
        nextReport = store.count + (1 << 16)
        let elapsed = ContinuousClock.now - started
        let report = ExplorationProgress(
          states: store.count, frontier: store.count - index, depth: depth,
          seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        if Task.isCancelled || !(progress?(report) ?? true) {
          if index < store.count {
            completion = .cancelled
            break
          }
        }
      }
    }
    record.depth = depth
    if system.declaresTransitions, completion == .complete {
      var names = Set<String>()
      for i in 0..<store.count { names.insert(system.nodeName(of: state(at: i))) }
      record.reachedNodes = names
    }
    let keying = self.keying
    let store = self.store
    let storage = ExplorationStorage(
      model: model,
      states: keying.states(keys: store.elements, representatives: representatives),
      parents: store.parents, choices: store.choices,
      lookup: { state in store.index(of: keying.key(state)) })
    return Exploration(storage: storage, record: record, completion: completion, storeBytes: store.bytes + representatives.capacity * MemoryLayout<State>.stride)
  }

  /// Reduces `event` in `state` (whose key is `key`) and visits the result; `false` at
  /// the state bound.
  @inline(__always)
  private mutating func follow(
    _ event: Event, from state: State, key stateKey: Keying.Key, parent: Int32, choice: Int,
    changes: inout Bool, node: inout String?
  ) -> Bool {
    let system = model.system
    let edge = UInt16(truncatingIfNeeded: choice)
    switch system.explorationReduce(state, event) {
    case .ignored:
      if system.declaresTransitions {
        if node == nil { node = system.nodeName(of: state) }
        record.noteIgnored(state: node ?? "", event: system.nodeName(ofEvent: event))
      }
      return true
    case .reduced(let next, let transition):
      if let transition, record.firstFiring[transition.index].state < 0 {
        record.firstFiring[transition.index] = (parent, edge)
      }
      let key = keying.key(next)
      if key == stateKey { return true }
      changes = true
      return visit(next, key: key, parent: parent, choice: edge)
    case .undeclared(let next, let transition):
      record.noteUndeclared(transition, state: parent, choice: edge)
      let key = keying.key(next)
      if key == stateKey { return true }
      changes = true
      return visit(next, key: key, parent: parent, choice: edge)
    }
  }

  /// Counts the transition and inserts `next` if it is new; `false` at the state bound.
  @inline(__always)
  private mutating func visit(_ next: State, key: Keying.Key, parent: Int32, choice: UInt16) -> Bool {
    record.transitions += 1
    if store.count >= model.explorer.maxStates, store.index(of: key) == nil {
      boundReached = .stateBound(model.explorer.maxStates)
      return false
    }
    admit(next, key: key, parent: parent, choice: choice)
    return true
  }

  @inline(__always)
  private mutating func admit(_ state: State, key: Keying.Key, parent: Int32, choice: UInt16) {
    let (inserted, index) = store.insert(key, parent: parent, choice: choice)
    guard inserted else { return }
    if keying.keepsRepresentatives { representatives.append(state) }
    if model.hasInvariants {
      for invariant in model.violatedInvariants(state) where record.invariantViolations[invariant] < 0 {
        record.invariantViolations[invariant] = Int(index)
      }
    }
  }
}

/// What the search noted along the way, by state index.
struct ExplorationRecord: Sendable {
  /// Edges whose reduction changed the state.
  var transitions = 0
  var depth = 0
  /// For each declared transition, the first state and choice that fired it (`-1`: none).
  var firstFiring: [(state: Int32, choice: UInt16)]
  /// Undeclared transitions in the order found, with the first state and choice.
  var undeclared: [(transition: TransitionID, state: Int32, choice: UInt16)] = []
  /// For each invariant, the first state breaking it (`-1`: none).
  var invariantViolations: [Int] = []
  var firstDeadlock = -1
  var deadlocks = 0
  /// State node -> event nodes ignored there, in the order first seen.
  var ignored: [String: [String]] = [:]
  var ignoredOrder: [String] = []
  /// The graph node names of every reached state (complete explorations of systems that
  /// declare transitions).
  var reachedNodes: Set<String>?

  init(transitionCount: Int) {
    firstFiring = Array(repeating: (-1, 0), count: transitionCount)
  }

  mutating func noteUndeclared(_ transition: TransitionID, state: Int32, choice: UInt16) {
    if !undeclared.contains(where: { $0.transition == transition }) {
      undeclared.append((transition, state, choice))
    }
  }

  mutating func noteIgnored(state: String, event: String) {
    if ignored[state] == nil { ignoredOrder.append(state) }
    if !(ignored[state]?.contains(event) ?? false) { ignored[state, default: []].append(event) }
  }
}
