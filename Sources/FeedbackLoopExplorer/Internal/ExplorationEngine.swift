public import FeedbackGraph
public import FeedbackLoop

/// The breadth-first search. The store's states are the queue: states are expanded in the
/// order they were found, so each is first reached by a shortest path.
///
/// `@usableFromInline` and `@inlinable` throughout: the search is generic over the user's
/// `State` and `Event`, and only code the caller's module can see is specialized for them
/// (unspecialized, every copy and hash goes through value witnesses, 30× slower).
@usableFromInline
struct ExplorationEngine<State: Hashable & Sendable, Event: Sendable, Keying: StateKeying> where Keying.State == State {
  @usableFromInline let model: ExplorationModel<State, Event>
  @usableFromInline let system: System<State, Event>
  @usableFromInline let keying: Keying
  @usableFromInline let maxStates: Int
  @usableFromInline let declaresTransitions: Bool
  @usableFromInline var store = StateStore<Keying.Key>()
  @usableFromInline var representatives: ContiguousArray<State> = []
  @usableFromInline var record: ExplorationRecord
  @usableFromInline var boundReached: ExplorationCompletion?

  @inlinable
  init(model: ExplorationModel<State, Event>, keying: Keying) {
    self.model = model
    self.system = model.explorer.system
    self.keying = keying
    self.maxStates = min(max(1, model.explorer.maxStates), Int(Int32.max))  // 32-bit parent indices
    self.declaresTransitions = model.explorer.system.declaresTransitions
    record = ExplorationRecord(transitionCount: model.explorer.system.declaredTransitionCount)
    record.invariantViolations = Array(repeating: -1, count: model.explorer.invariants.count)
  }

  @inlinable @inline(__always)
  func state(at index: Int) -> State {
    keying.state(index, keys: store.elements, representatives: representatives)
  }

  /// A successor waiting to be inserted: expansion and insertion are separated so that
  /// the hash-table lines of a whole batch are fetched from memory at once (their misses
  /// overlap) before the inserts, in the same order as one by one, need them.
  @usableFromInline
  struct Pending {
    @usableFromInline var state: State
    @usableFromInline var key: Keying.Key
    @usableFromInline var hash: Int
    @usableFromInline var parent: Int32
    @usableFromInline var choice: UInt16

    @inlinable
    init(state: State, key: Keying.Key, hash: Int, parent: Int32, choice: UInt16) {
      (self.state, self.key, self.hash, self.parent, self.choice) = (state, key, hash, parent, choice)
    }
  }

  /// States expanded per batch.
  @inlinable static var batch: Int { 256 }

  @inlinable
  mutating func run(progress: ((ExplorationProgress) -> Bool)?) -> Exploration<State, Event> {
    let started = ContinuousClock.now
    let maxDepth = model.explorer.maxDepth
    admit(
      system.initial, key: keying.key(system.initial), hash: keying.key(system.initial).hashValue, parent: -1, choice: 0
    )
    var pending = ContiguousArray<Pending>()
    pending.reserveCapacity(Self.batch * 4)
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
      let batchEnd = min(levelEnd, index + Self.batch)
      pending.removeAll(keepingCapacity: true)
      for stateIndex in index..<batchEnd { expand(stateIndex, into: &pending) }
      store.prefetch(pending.lazy.map(\.hash))
      for item in pending {
        if store.count >= maxStates, store.index(of: item.key, hash: item.hash) == nil {
          boundReached = .stateBound(maxStates)
          break
        }
        admit(item.state, key: item.key, hash: item.hash, parent: item.parent, choice: item.choice)
      }
      if let bound = boundReached {
        completion = bound
        break
      }
      index = batchEnd
      if store.count >= nextReport || index == store.count {
        nextReport = store.count + (1 << 16)
        let elapsed = ContinuousClock.now - started
        let report = ExplorationProgress(
          states: store.count, frontier: store.count - index, depth: depth,
          seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        if Task.isCancelled || !(progress?(report) ?? true), index < store.count {
          completion = .cancelled
          break
        }
      }
    }
    record.depth = depth
    return finish(completion: completion)
  }

  /// Reduces every choice of the state with `index`, notes what the reductions say, and
  /// queues the states they lead to.
  @inlinable
  mutating func expand(_ index: Int, into pending: inout ContiguousArray<Pending>) {
    let state = state(at: index)
    let stateKey = keying.key(state)
    var changes = false
    var stateNode: String?
    let parent = Int32(truncatingIfNeeded: index)
    var choice = 0
    if let perState = model.perState {
      for event in perState(state) {
        follow(
          event, from: state, key: stateKey, parent: parent, choice: choice, changes: &changes, node: &stateNode,
          into: &pending)
        choice += 1
      }
    } else {
      for event in model.fixedEvents {
        follow(
          event, from: state, key: stateKey, parent: parent, choice: choice, changes: &changes, node: &stateNode,
          into: &pending)
        choice += 1
      }
    }
    for (feedback, events) in model.feedbackSamples where system.feedbacks[feedback].mayEmit(in: state) {
      for event in events {
        follow(
          event, from: state, key: stateKey, parent: parent, choice: choice, changes: &changes, node: &stateNode,
          into: &pending)
        choice += 1
      }
    }
    if !changes, !(model.explorer.isFinal?(state) ?? false) {
      if record.firstDeadlock < 0 { record.firstDeadlock = index }
      record.deadlocks += 1
    }
  }

  /// Reduces `event` in `state` (whose key is `key`) and queues the result.
  @inlinable @inline(__always)
  mutating func follow(
    _ event: Event, from state: State, key stateKey: Keying.Key, parent: Int32, choice: Int,
    changes: inout Bool, node: inout String?, into pending: inout ContiguousArray<Pending>
  ) {
    guard choice <= Int(UInt16.max) else {  // paths store a 16-bit choice per state
      record.choicesDropped = true
      return
    }
    let edge = UInt16(truncatingIfNeeded: choice)
    let next: State
    switch system.explorationReduce(state, event) {
    case .ignored:
      if declaresTransitions { noteIgnored(state, event, parent: parent, choice: edge, node: &node) }
      return
    case .reduced(let state, let transition):
      if let transition, record.firstFiring[transition.index].state < 0 {
        record.firstFiring[transition.index] = (parent, edge)
      }
      next = state
    case .undeclared(let state, let transition):
      record.noteUndeclared(transition, state: parent, choice: edge)
      next = state
    }
    let key = keying.key(next)
    if key == stateKey { return }
    changes = true
    record.transitions += 1
    pending.append(Pending(state: next, key: key, hash: key.hashValue, parent: parent, choice: edge))
  }

  /// Notes an ignored event: by the keys of the pair where names follow them (named only
  /// when reported), else by name.
  @inlinable
  mutating func noteIgnored(_ state: State, _ event: Event, parent: Int32, choice: UInt16, node: inout String?) {
    if let keys = system.namingKeys(state, event) {
      record.noteIgnored(keys: keys, state: parent, choice: choice)
      return
    }
    if node == nil { node = system.nodeName(of: state) }
    record.noteIgnored(state: node ?? "", event: system.nodeName(ofEvent: event))
  }

  @inlinable @inline(__always)
  mutating func admit(_ state: State, key: Keying.Key, hash: Int, parent: Int32, choice: UInt16) {
    let (inserted, index) = store.insert(key, hash: hash, parent: parent, choice: choice)
    guard inserted else { return }
    if keying.keepsRepresentatives { representatives.append(state) }
    if model.hasInvariants { checkInvariants(state, index: Int(index)) }
  }

  @usableFromInline
  mutating func checkInvariants(_ state: State, index: Int) {
    for invariant in model.violatedInvariants(state) where record.invariantViolations[invariant] < 0 {
      record.invariantViolations[invariant] = index
    }
  }

  /// The node names of the visited states: one name per dispatch key where names follow
  /// keys (inlinable: it visits every state).
  @inlinable
  func reachedNodeNames() -> Set<String> {
    var names = Set<String>()
    var named = Set<Int>()
    for index in 0..<store.count {
      let state = state(at: index)
      if let key = system.namingKey(of: state), !named.insert(key).inserted { continue }
      names.insert(system.nodeName(of: state))
    }
    return names
  }

  /// Packs the results (once per exploration: need not be specialized).
  @usableFromInline
  func finish(completion: ExplorationCompletion) -> Exploration<State, Event> {
    var record = self.record
    if declaresTransitions, completion == .complete { record.reachedNodes = reachedNodeNames() }
    let keying = self.keying
    let store = self.store
    let storage = ExplorationStorage(
      model: model,
      states: keying.states(keys: store.elements, representatives: representatives),
      parents: store.parents, choices: store.choices,
      lookup: { state in store.index(of: keying.key(state)) })
    return Exploration(
      storage: storage, record: record, completion: completion,
      storeBytes: store.bytes + representatives.capacity * MemoryLayout<State>.stride)
  }
}
