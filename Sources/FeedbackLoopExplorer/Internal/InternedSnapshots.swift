public import FeedbackLoop

/// A node as the store keeps it when feedbacks react: the system's state and the index of
/// its feedbacks' snapshots (memories and effects in flight) in a ``SnapshotTable``. A flat
/// value: the store hashes and compares the state and one integer, never the snapshots,
/// and a node costs the state's bytes plus 4, where an array of snapshots per node cost a
/// reference plus its own allocation (a header and every snapshot) per node.
@usableFromInline
struct FlatNode<State: Hashable & Sendable>: Hashable, Sendable {
  @usableFromInline var state: State
  /// The index of the node's snapshots in the exploration's ``SnapshotTable``.
  @usableFromInline var snapshots: UInt32

  @inlinable
  init(state: State, snapshots: UInt32) {
    self.state = state
    self.snapshots = snapshots
  }
}

/// The distinct lists of feedback snapshots an exploration met, each once, by index: many
/// nodes share one list (feedbacks remember little of the state), so a node stores an
/// index.
///
/// A remembered value whose type is only `Equatable` hashes by its type alone: every
/// list holding one would share a hash, and a lookup would compare it with all of them.
/// Such a list is filed under its node's state too (its hash, the ``Entry/salt``): it is
/// then stored once per state it occurs in, as before lists were shared, and found in one
/// comparison.
///
/// A reference, as the engine's keying holds it in a `let`: only the engine's search
/// inserts (one thread); afterwards the finished exploration only reads it, through
/// ``index(ofExisting:)`` and ``lists``. So `@unchecked Sendable`: no write races a read.
@usableFromInline
final class SnapshotTable: @unchecked Sendable {
  /// The lists, by index.
  @usableFromInline var lists: ContiguousArray<[FeedbackSnapshot]> = []
  @usableFromInline var indices: [Entry: UInt32] = [:]
  /// Per list, whether it is filed under its node's state (``Entry/salt`` is not 0).
  @usableFromInline var filedByState: ContiguousArray<Bool> = []
  /// The list of the node whose move the general path takes, and its index: a successor
  /// whose feedbacks all kept their effects holds this very array, recognized by its
  /// address.
  @usableFromInline var recent: (list: [FeedbackSnapshot], index: UInt32)?

  /// A list as the table files it.
  @usableFromInline
  struct Entry: Hashable {
    @usableFromInline let list: [FeedbackSnapshot]
    /// 0, or for a list that does not hash by its values, its node's state's hash.
    @usableFromInline let salt: Int

    @inlinable
    init(_ list: [FeedbackSnapshot], state: some Hashable) {
      self.list = list
      salt = list.allSatisfy(\.memory.hashesByValue) ? 0 : state.hashValue
    }
  }

  @inlinable init() {}

  /// The index of `list` (in a node of `state`), inserted if it is new.
  @inlinable
  func index(of list: [FeedbackSnapshot], state: some Hashable) -> UInt32 {
    if let recent, !filedByState[Int(recent.index)], Self.sameArray(list, recent.list) { return recent.index }
    let entry = Entry(list, state: state)
    if let index = indices[entry] { return index }
    precondition(lists.count < Int(UInt32.max), "The explorer holds at most 2^32 lists of feedback snapshots.")
    let index = UInt32(truncatingIfNeeded: lists.count)
    lists.append(list)
    filedByState.append(entry.salt != 0)
    indices[entry] = index
    return index
  }

  /// Remembers `list`, with `index`, as the ``recent`` one (the node whose move the
  /// general path takes).
  @inlinable
  func noteRecent(_ list: [FeedbackSnapshot], index: UInt32) {
    recent = (list, index)
  }

  /// Whether `a` and `b` are one array (the same storage): then they are equal.
  @inlinable @inline(__always)
  static func sameArray(_ a: [FeedbackSnapshot], _ b: [FeedbackSnapshot]) -> Bool {
    a.count == b.count
      && a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { $0.baseAddress == a.baseAddress } }
  }

  /// The index of `list` (in a node of `state`), if some node has it (nothing is inserted).
  @usableFromInline
  func index(ofExisting list: [FeedbackSnapshot], state: some Hashable) -> UInt32? {
    indices[Entry(list, state: state)]
  }

  /// The bytes the table holds: each list's array (header and snapshots) and the
  /// dictionary's entries.
  @usableFromInline
  func bytes(feedbacks: Int) -> Int {
    lists.count * (32 + feedbacks * MemoryLayout<FeedbackSnapshot>.stride)
      + lists.capacity * MemoryLayout<[FeedbackSnapshot]>.stride
      + indices.capacity * (MemoryLayout<Entry>.stride + MemoryLayout<UInt32>.stride)
  }
}

/// Nodes are keyed by their state and the index of their interned snapshots
/// (``FlatNode``), for systems whose feedbacks react.
@usableFromInline
struct Interned<State: Hashable & Sendable>: StateKeying {
  @usableFromInline let table = SnapshotTable()

  @inlinable init() {}
  @inlinable var keepsRepresentatives: Bool { false }
  @inlinable @inline(__always) func key(_ node: LoopNode<State>) -> FlatNode<State> {
    FlatNode(state: node.state, snapshots: table.index(of: node.feedbacks, state: node.state))
  }
  @inlinable @inline(__always) func key(state: State) -> FlatNode<State> {
    FlatNode(state: state, snapshots: table.index(of: [], state: state))
  }
  @usableFromInline func existingKey(_ node: LoopNode<State>) -> FlatNode<State>? {
    table.index(ofExisting: node.feedbacks, state: node.state).map { FlatNode(state: node.state, snapshots: $0) }
  }
  @inlinable @inline(__always)
  func state(_ index: Int, keys: ContiguousArray<FlatNode<State>>, representatives: ContiguousArray<LoopNode<State>>)
    -> State
  { keys[index].state }
  @inlinable @inline(__always) func same(_ a: State, _ b: State) -> Bool { a == b }
  @usableFromInline func nodes(
    keys: ContiguousArray<FlatNode<State>>, representatives: ContiguousArray<LoopNode<State>>
  )
    -> NodeList<State>
  {
    let lists = table.lists
    return NodeList(count: keys.count) { LoopNode(state: keys[$0].state, feedbacks: lists[Int(keys[$0].snapshots)]) }
  }
  @inlinable @inline(__always)
  func node(_ index: Int, keys: ContiguousArray<FlatNode<State>>, representatives: ContiguousArray<LoopNode<State>>)
    -> LoopNode<State>
  {
    let key = keys[index]
    return LoopNode(state: key.state, feedbacks: table.lists[Int(key.snapshots)])
  }
  @usableFromInline func snapshotBytes(nodes: Int, feedbacks: Int) -> Int { table.bytes(feedbacks: feedbacks) }
  @inlinable var snapshotTable: SnapshotTable? { table }
  @inlinable @inline(__always) func key(state: State, snapshots: UInt32) -> FlatNode<State> {
    FlatNode(state: state, snapshots: snapshots)
  }
  @inlinable @inline(__always) func snapshots(of key: FlatNode<State>) -> UInt32 { key.snapshots }
}
