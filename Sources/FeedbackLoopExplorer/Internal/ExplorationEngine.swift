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
  @usableFromInline typealias Node = LoopNode<State>
  @usableFromInline let model: ExplorationModel<State, Event>
  @usableFromInline let system: System<State, Event>
  @usableFromInline let keying: Keying
  @usableFromInline let maxStates: Int
  @usableFromInline let declaresTransitions: Bool
  @usableFromInline var store = StateStore<Keying.Key>()
  @usableFromInline var representatives: ContiguousArray<Node> = []
  @usableFromInline var record: ExplorationRecord
  @usableFromInline var boundReached: ExplorationCompletion?
  /// The dispatch keys of the model's fixed events, in order, where the system reduces by
  /// keys (``System/reducesByKeys``): read once, not once per state.
  @usableFromInline let eventKeys: [Int]?
  /// Whether the explorer marks final states (`final(when:)`).
  @usableFromInline let checksFinal: Bool
  /// Whether every move is checked for the user's meaning: properties of moves, or
  /// leaving a final state (``noteFinalLeft(before:after:parent:edge:)``).
  @usableFromInline let checksMeaning: Bool
  /// Whether the explorer checks progress (`progress(when:)`): then the search notes the
  /// moves between non-progress nodes (``quietEdges``).
  @usableFromInline let checksProgress: Bool
  @usableFromInline var quietEdges = QuietEdges()
  /// Whether a reduction with no transition (a plain reducer's) has anything to note:
  /// invariants, or the meaning checks (``note(_:parent:edge:stateNode:)``).
  @usableFromInline let notesReductions: Bool
  /// The feedbacks' closures for moves by list index; `nil` where a feedback keeps keyed
  /// requests (all moves take the general path).
  @usableFromInline let flatFeedbacks: FlatFeedbacks<State, Event>?
  /// ``flatFeedbacks``' closures, held as a plain value (valid while it lives).
  @usableFromInline let flatCalls: FlatCalls<State, Event>?
  /// Whether moves go by snapshot-list index where they can (`false`: the general path
  /// only, for tests that compare the two).
  @usableFromInline var movesByListIndex = true
  /// Moves on snapshot lists already worked out (``followFlat(_:from:table:state:key:parent:edge:changes:node:into:)``).
  @usableFromInline var endedMoves = MoveMemo<SnapshotTable.Ended>()
  @usableFromInline var listCopies = ListCopies()
  @usableFromInline var decidedMoves = MoveMemo<SnapshotTable.Decided>()
  /// The choices of one node, reused from node to node.
  @usableFromInline var choices: [(event: Event?, emitter: Emitter)] = []
  /// The steps of one choice, reused from choice to choice.
  @usableFromInline var steps: [ExplorationModel<State, Event>.Reduction] = []

  @inlinable
  init(model: ExplorationModel<State, Event>, keying: Keying) {
    self.model = model
    self.system = model.explorer.system
    self.keying = keying
    self.maxStates = min(max(1, model.explorer.maxStates), Int(Int32.max))  // 32-bit parent indices
    self.declaresTransitions = model.explorer.system.declaresTransitions
    checksFinal = model.explorer.isFinal != nil
    checksMeaning = model.hasProperties || checksFinal
    notesReductions = checksMeaning || model.hasInvariants
    checksProgress = model.explorer.isProgress != nil
    flatFeedbacks = keying.snapshotTable == nil ? nil : FlatFeedbacks(model.feedbacks, system: model.explorer.system)
    flatCalls = flatFeedbacks?.calls
    let system = model.explorer.system
    eventKeys =
      system.reducesByKeys && model.perState == nil ? model.fixedEvents.map { system.dispatchKey(ofEvent: $0) } : nil
    record = ExplorationRecord(transitionCount: model.explorer.system.declaredTransitionCount)
    record.invariantViolations = Array(repeating: (-1, -1), count: model.explorer.invariants.count)
    record.propertyViolations = Array(repeating: (-1, -1), count: model.explorer.properties.count)
    record.effectsAtEnd = Array(repeating: -1, count: model.feedbacks.count)
  }

  @inlinable @inline(__always)
  func node(at index: Int) -> Node {
    keying.node(index, keys: store.elements, representatives: representatives)
  }

  /// A successor waiting to be inserted: expansion and insertion are separated so that
  /// the hash-table lines of a whole batch are fetched from memory at once (their misses
  /// overlap) before the inserts, in the same order as one by one, need them.
  /// The key is all the store needs; where the engine keeps representatives (the key is
  /// not the node) the nodes wait beside, in ``pendingNodes``. So for a plain state the
  /// batch holds plain values: no copy or destroy goes through a value witness.
  @usableFromInline
  struct Pending {
    @usableFromInline var key: Keying.Key
    @usableFromInline var hash: Int
    @usableFromInline var parent: Int32
    @usableFromInline var choice: UInt16

    @inlinable
    init(key: Keying.Key, hash: Int, parent: Int32, choice: UInt16) {
      (self.key, self.hash, self.parent, self.choice) = (key, hash, parent, choice)
    }
  }

  /// The nodes of the batch's successors, in order, when the engine keeps representatives.
  @usableFromInline var pendingNodes: ContiguousArray<Node> = []

  /// States expanded per batch.
  @inlinable static var batch: Int { 256 }

  @inlinable
  mutating func run(progress: ((ExplorationProgress) -> Bool)?) -> Exploration<State, Event> {
    let started = ContinuousClock.now
    let maxDepth = model.explorer.maxDepth
    let initial = model.initial
    for invariant in model.violatedInvariants(system.initial) { record.noteViolation(invariant, state: 0, choice: -1) }
    var initialNode: String?
    for step in model.initialReductions {
      note(step, parent: 0, edge: ExplorationRecord.initialSteps, stateNode: &initialNode)
    }
    let initialKey = keying.key(initial.node)
    admit(initial.node, key: initialKey, hash: initialKey.hashValue, parent: -1, choice: 0)
    if checksProgress { noteQuiet(0, new: true, parent: -1, choice: 0) }
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
      pendingNodes.removeAll(keepingCapacity: true)
      for stateIndex in index..<batchEnd { expand(stateIndex, into: &pending) }
      store.prefetch(pending.lazy.map(\.hash))
      for position in pending.indices {
        let item = pending[position]
        if store.count >= maxStates, store.index(of: item.key, hash: item.hash) == nil {
          boundReached = .stateBound(maxStates)
          break
        }
        let (new, target) = admit(
          keying.keepsRepresentatives ? pendingNodes[position] : nil, key: item.key, hash: item.hash,
          parent: item.parent, choice: item.choice)
        if checksProgress { noteQuiet(target, new: new, parent: item.parent, choice: item.choice) }
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
    if checksProgress { record.quietEdges = quietEdges }
    // Named here, where the search is specialized: one call per visited state.
    if declaresTransitions, completion == .complete { record.reachedNodes = reachedNodeNames() }
    return finish(completion: completion)
  }

  /// Takes every choice of the node with `index`, notes what the reductions say, and
  /// queues the nodes they lead to; notes a deadlock (no choice changes the state) or a
  /// stuck node (no effect in flight, only the outside can move the loop).
  @inlinable
  mutating func expand(_ index: Int, into pending: inout ContiguousArray<Pending>) {
    guard model.reacts else { return expandStates(index, into: &pending) }
    let node = node(at: index)
    let nodeKey = store.elements[index]  // the key the node was stored under
    var changes = false
    var stateNode: String?
    let parent = Int32(truncatingIfNeeded: index)
    // Gathered first, then followed: a closure that followed them would capture the
    // engine while `model` is read, and the model would be copied for every node.
    var choices = self.choices
    self.choices = []
    choices.removeAll(keepingCapacity: true)
    model.forEachChoice(node) { _, event, emitter in
      choices.append((event, emitter))
      return true
    }
    // Unretained (the keying holds it): passed retained, it was retained for every move.
    let table = flatFeedbacks == nil || !movesByListIndex ? nil : keying.snapshotTable.map(Unmanaged.passUnretained)
    for choice in choices.indices {
      if let table, choice < Int(ExplorationRecord.initialSteps),
        followFlat(
          choices[choice].event, from: choices[choice].emitter, table: table, state: node.state, key: nodeKey,
          parent: parent, edge: UInt16(truncatingIfNeeded: choice), changes: &changes, node: &stateNode,
          into: &pending)
      {
        continue
      }
      follow(
        choices[choice].event, from: choices[choice].emitter, in: node, key: nodeKey, parent: parent, choice: choice,
        changes: &changes, node: &stateNode, into: &pending)
    }
    self.choices = choices
    // Only a final node with an effect in flight has anything to note: asked here, in the
    // specialized search, not in an unspecialized call per node.
    if checksFinal, node.hasEffectInFlight, model.explorer.isFinal?(node.state) ?? false {
      noteEffectsAtEnd(node, index: index)
    }
    if !changes, !(model.explorer.isFinal?(node.state) ?? false) {
      if record.firstDeadlock < 0 { record.firstDeadlock = index }
      record.deadlocks += 1
    } else if !node.hasEffectInFlight, !model.mayRest(in: node.state) {
      if record.firstStuck < 0 { record.firstStuck = index }
      record.stuck += 1
    }
  }

  /// ``expand(_:into:)`` where no feedback reacts: the external events only, one reduction
  /// each, the state alone (no node, no snapshots, no closure per choice).
  @inlinable
  mutating func expandStates(_ index: Int, into pending: inout ContiguousArray<Pending>) {
    let state = keying.state(index, keys: store.elements, representatives: representatives)
    var changes = false
    var stateNode: String?
    let parent = Int32(truncatingIfNeeded: index)
    var choice = 0
    if let perState = model.perState {
      for event in perState(state) {
        reduce(event, in: state, parent: parent, choice: choice, changes: &changes, node: &stateNode, into: &pending)
        choice += 1
      }
    } else if let eventKeys {
      let stateKey = system.dispatchKey(ofState: state)
      for event in model.fixedEvents {
        reduce(
          event, in: state, keys: (stateKey, eventKeys[choice]), parent: parent, choice: choice, changes: &changes,
          node: &stateNode, into: &pending)
        choice += 1
      }
    } else {
      for event in model.fixedEvents {
        reduce(event, in: state, parent: parent, choice: choice, changes: &changes, node: &stateNode, into: &pending)
        choice += 1
      }
    }
    if !changes, !(model.explorer.isFinal?(state) ?? false) {
      if record.firstDeadlock < 0 { record.firstDeadlock = index }
      record.deadlocks += 1
    }
  }

  /// Reduces `event` in `state` (no feedback reacts) and queues the state it leads to.
  /// `keys`: the dispatch keys of `state` and `event`, where the system reduces by keys.
  @inlinable @inline(__always)
  mutating func reduce(
    _ event: Event, in state: State, keys: (state: Int, event: Int)? = nil, parent: Int32, choice: Int,
    changes: inout Bool, node stateNode: inout String?, into pending: inout ContiguousArray<Pending>
  ) {
    guard choice < Int(ExplorationRecord.initialSteps) else {  // paths store a 16-bit choice per state
      record.choicesDropped = true
      return
    }
    let edge = UInt16(truncatingIfNeeded: choice)
    let next: State
    let reduction =
      if let keys { system.reduce(state, stateKey: keys.state, event, eventKey: keys.event) } else {
        system.reduce(state, event)
      }
    if checksMeaning {
      let after: State
      switch reduction {
      case .ignored: after = state
      case .reduced(let next, _), .undeclared(let next, _): after = next
      }
      if model.hasProperties {
        noteBrokenProperties(before: state, move: .send(event), after: after, parent: parent, edge: edge)
      }
      noteFinalLeft(before: state, after: after, parent: parent, edge: edge)
    }
    switch reduction {
    case .ignored:
      if declaresTransitions { noteIgnored(state, event, parent: parent, choice: edge, node: &stateNode) }
      return
    case .reduced(let reduced, let transition):
      if let transition, record.firstFiring[transition.index].state < 0 {
        record.firstFiring[transition.index] = (parent, edge)
      }
      if model.hasInvariants { noteViolations(of: reduced, parent: parent, edge: edge) }
      next = reduced
    case .undeclared(let reduced, let transition):
      record.noteUndeclared(transition, state: parent, choice: edge)
      if model.hasInvariants { noteViolations(of: reduced, parent: parent, edge: edge) }
      next = reduced
    }
    if keying.same(next, state) { return }  // no feedback reacts: the same state is the same node
    changes = true
    let key = keying.key(state: next)
    record.transitions += 1
    if keying.keepsRepresentatives { pendingNodes.append(Node(state: next, feedbacks: [])) }
    pending.append(Pending(key: key, hash: key.hashValue, parent: parent, choice: edge))
  }

  /// Takes `event` from `emitter` (`nil`: its effect ends silently) in `node` (whose key is `key`) and queues the node it
  /// leads to (feedbacks react: see ``reduce(_:in:parent:choice:changes:node:into:)`` for
  /// systems whose feedbacks do not).
  @inlinable @inline(__always)
  mutating func follow(
    _ event: Event?, from emitter: Emitter, in node: Node, key nodeKey: Keying.Key, parent: Int32, choice: Int,
    changes: inout Bool, node stateNode: inout String?, into pending: inout ContiguousArray<Pending>
  ) {
    guard choice < Int(ExplorationRecord.initialSteps) else {  // paths store a 16-bit choice per state
      record.choicesDropped = true
      return
    }
    let edge = UInt16(truncatingIfNeeded: choice)
    // The steps are gathered in a reused buffer (the closure touches no `self`), then noted.
    if let table = keying.snapshotTable { table.noteRecent(node.feedbacks, index: keying.snapshots(of: nodeKey)) }
    var steps = self.steps
    self.steps = []
    steps.removeAll(keepingCapacity: true)
    let next = model.successor(of: node, event, from: emitter) { steps.append($0) }
    for step in steps {
      note(step, parent: parent, edge: edge, stateNode: &stateNode)
      // A change the feedbacks undo at once (a key press the loop brings back) is a change.
      if !changes, !keying.same(step.after, step.before) { changes = true }
    }
    self.steps = steps
    if !keying.same(next.state, node.state) { changes = true }
    let key = keying.key(next)
    if key == nodeKey { return }
    record.transitions += 1
    if keying.keepsRepresentatives { pendingNodes.append(next) }
    pending.append(Pending(key: key, hash: key.hashValue, parent: parent, choice: edge))
  }

  /// Stores the node `key` unless it is stored; whether it was new, and its index.
  @inlinable @inline(__always) @discardableResult
  mutating func admit(_ node: Node?, key: Keying.Key, hash: Int, parent: Int32, choice: UInt16) -> (
    new: Bool, index: Int32
  ) {
    let (inserted, index) = store.insert(key, hash: hash, parent: parent, choice: choice)
    if inserted, keying.keepsRepresentatives, let node { representatives.append(node) }
    return (inserted, index)
  }

  /// Notes, for the progress check, the node `target` reached from `parent` by `choice`.
  @inlinable @inline(__always)
  mutating func noteQuiet(_ target: Int32, new: Bool, parent: Int32, choice: UInt16) {
    if new {
      let state = keying.state(Int(target), keys: store.elements, representatives: representatives)
      quietEdges.noteNode(quiet: !model.isProgressOrRest(state))
    }
    if parent >= 0 { quietEdges.noteMove(from: parent, to: target, choice: choice) }
  }

  /// The node names of the visited states: one name per dispatch key where names follow
  /// keys (inlinable: it visits every state).
  @inlinable
  func reachedNodeNames() -> Set<String> {
    var names = Set<String>()
    var named = Set<Int>()
    var lastKey = -1  // consecutive states mostly share a key (a struct state: always 0)
    for index in 0..<store.count {
      let state = keying.state(index, keys: store.elements, representatives: representatives)
      if let key = system.namingKey(of: state) {
        if key == lastKey { continue }
        lastKey = key
        if !named.insert(key).inserted { continue }
      }
      names.insert(system.nodeName(of: state))
    }
    return names
  }

  /// Packs the results (once per exploration: need not be specialized).
  @usableFromInline
  func finish(completion: ExplorationCompletion) -> Exploration<State, Event> {
    let record = self.record
    let snapshotBytes = keying.snapshotBytes(
      nodes: store.count, feedbacks: model.reacts ? model.feedbacks.count : 0)
    let keying = self.keying
    let store = self.store
    let storage = ExplorationStorage(
      model: model,
      nodes: keying.nodes(keys: store.elements, representatives: representatives),
      parents: store.parents, choices: store.choices,
      lookup: { node in keying.existingKey(node).flatMap { store.index(of: $0) } })
    return Exploration(
      storage: storage, record: record, completion: completion,
      storeBytes: store.bytes + representatives.capacity * MemoryLayout<Node>.stride + snapshotBytes)
  }
}
