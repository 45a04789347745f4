public import FeedbackGraph
public import FeedbackLoop

/// The engine's move where keys hold an interned snapshot list (``Interned``): the node
/// stays a state and a list index from choice to successor. Effects ending and feedbacks
/// deciding move the index through the table's remembered moves
/// (`SnapshotTable+Moves.swift`); no array of snapshots is copied, hashed or compared.
///
/// It follows ``ExplorationModel/successor(of:_:from:observe:)`` (the runtime's semantics)
/// step for step where no event is sent at once: a keyed feedback, or a decision that
/// starts an effect emitting at once, leaves the move to the general path (nothing is
/// noted before that is known). `FlatMoveTests` compares the two on every choice.
extension ExplorationEngine {
  /// Takes `event` from `emitter` in the node `nodeKey` (state `state`) and queues the
  /// node it leads to, as ``follow(_:from:in:key:parent:choice:changes:node:into:)``;
  /// `false` (nothing noted or queued) when the move needs the general path.
  @inlinable @inline(__always)
  mutating func followFlat(
    _ event: Event?, from emitter: Emitter, table: Unmanaged<SnapshotTable>, state: State, key nodeKey: Keying.Key,
    parent: Int32, edge: UInt16, changes: inout Bool, node stateNode: inout String?,
    into pending: inout ContiguousArray<Pending>
  ) -> Bool {
    var list = keying.snapshots(of: nodeKey)
    guard let event else {
      switch emitter {
      case .task(let feedback): list = ending(list, feedback: feedback, stream: false, state: state, table: table)
      case .stream(let feedback): list = ending(list, feedback: feedback, stream: true, state: state, table: table)
      case .outside, .source, .request: return false
      }
      let step = ExplorationModel<State, Event>.Reduction(
        event: nil, feedback: emitter.feedback, before: state, after: state, transition: nil, kind: .effectFinished)
      note(step, parent: parent, edge: edge, stateNode: &stateNode)
      queue(keying.key(state: state, snapshots: list), from: nodeKey, parent: parent, edge: edge, into: &pending)
      return true
    }
    switch emitter {
    case .outside, .stream, .source: break
    case .task(let feedback): list = ending(list, feedback: feedback, stream: false, state: state, table: table)
    case .request: return false
    }
    let after: State
    if let reducer = flatCalls.unsafelyUnwrapped.reducer, !notesReductions {
      // A plain reducer, and nothing to note of its reduction (a `.reduced` with no
      // transition): the state alone.
      var next = state
      reducer._withUnsafeGuaranteedRef { $0.call(&next, event) }
      if !keepsAll(after: next, state) {
        guard let reacted = react(to: next, event: event, list: list, table: table) else { return false }
        list = reacted
      }
      after = next
    } else {
      let step = reduce(state, event, feedback: emitter.feedback)
      if step.kind != .ignoredEvent, !keepsAll(after: step.after, state) {
        guard let reacted = react(to: step.after, event: event, list: list, table: table) else { return false }
        list = reacted
      }
      note(step, parent: parent, edge: edge, stateNode: &stateNode)
      after = step.after
    }
    // A list filed under its node's state (a remembered value that only compares) is
    // filed under the new state, as the general path files it: one node, one key.
    if listCopies.isFiledByState(list, table: table) {
      list = table._withUnsafeGuaranteedRef { $0.index(of: $0.lists[Int(list)], state: after) }
    }
    if !changes, !keying.same(after, state) { changes = true }
    queue(keying.key(state: after, snapshots: list), from: nodeKey, parent: parent, edge: edge, into: &pending)
    return true
  }

  /// Whether every feedback would keep, its memory as it is, on seeing `after` (the state
  /// a move led to from `state`): the move left the state as it was, and each feedback
  /// decides again on the state it last decided on (a node's memories are its feedbacks'
  /// decisions on its state) and keeps on a repeat (``FlatFeedbacks/keepOnRepeat``).
  @inlinable @inline(__always)
  func keepsAll(after: State, _ state: State) -> Bool {
    flatCalls.unsafelyUnwrapped.keepOnRepeat && keying.same(after, state)
  }

  /// Every feedback sees `state`, as in ``ExplorationModel/react(_:event:queue:generations:)``,
  /// on the list with index `list`; the list after their decisions, or `nil` when one
  /// starts an effect that emits at once (the general path queues its events).
  @inlinable @inline(__always)
  mutating func react(to state: State, event: Event, list: UInt32, table: Unmanaged<SnapshotTable>) -> UInt32? {
    var list = list
    let calls = flatCalls.unsafelyUnwrapped
    for index in 0..<calls.count {
      guard let decide = calls.decisions[index] else { continue }  // an input or mediator
      if calls.isDisabled(index, in: state) { continue }
      var memory = listCopies.memory(of: index, in: list, table: table)
      let shape: SnapshotTable.Decided.Shape
      switch decide._withUnsafeGuaranteedRef({ $0.call(&memory, state, event) }) {
      case .keep:
        continue
      case .cancel:
        shape = .cancel
      case .start(let effect):
        switch effect.explorationShape {
        case .none: shape = .startNone
        case .emitsAtOnce: return nil
        case .task: shape = .startTask
        case .stream: shape = .startStream
        }
      }
      let decided = SnapshotTable.Decided(
        list: list, feedback: index, shape: shape, cancels: calls.cancels[index], memory: memory)
      if let known = decidedMoves.value(for: decided) {
        list = known
        continue
      }
      let (next, remember) = table._withUnsafeGuaranteedRef { $0.list(after: decided, state: state) }
      if remember { decidedMoves.insert(decided, next) }
      list = next
    }
    return list
  }

  /// The list `list` after a running effect of `feedback` ends in a node of `state`: one
  /// of its tasks, or (`stream`) one of its streams.
  @inlinable @inline(__always)
  mutating func ending(
    _ list: UInt32, feedback: Int, stream: Bool, state: State, table: Unmanaged<SnapshotTable>
  ) -> UInt32 {
    let ended = SnapshotTable.Ended(list: list, feedback: feedback, stream: stream)
    if let known = endedMoves.value(for: ended) { return known }
    let (next, remember) = table._withUnsafeGuaranteedRef { $0.list(after: ended, state: state) }
    if remember { endedMoves.insert(ended, next) }
    return next
  }

  /// `event` reduced in `state` (``System/reduce(_:_:)``), by the system's plain reducer
  /// in place where it has one (``FlatFeedbacks/reducer``).
  @inlinable @inline(__always)
  func reduce(_ state: State, _ event: Event, feedback: Int?) -> ExplorationModel<State, Event>.Reduction {
    guard let reducer = flatCalls.unsafelyUnwrapped.reducer else {
      return model.reduce(state, event, feedback: feedback)
    }
    var next = state
    reducer._withUnsafeGuaranteedRef { $0.call(&next, event) }
    return .init(event: event, feedback: feedback, before: state, after: next, transition: nil, kind: .event)
  }

  /// Queues the node `key` reached from the node `nodeKey`, unless it is that node.
  @inlinable @inline(__always)
  mutating func queue(
    _ key: Keying.Key, from nodeKey: Keying.Key, parent: Int32, edge: UInt16,
    into pending: inout ContiguousArray<Pending>
  ) {
    if key == nodeKey { return }
    record.transitions += 1
    pending.append(Pending(key: key, hash: key.hashValue, parent: parent, choice: edge))
  }
}
