/// How the engine tells nodes apart: by the nodes themselves, or by a key the user chose
/// for states (nodes whose states have equal keys, with equal feedback snapshots, are one
/// node). A protocol rather than a closure so that the engine is specialized for the
/// common case, with no call per state.
@usableFromInline
protocol StateKeying {
  associatedtype State: Hashable & Sendable
  associatedtype Key: Hashable
  /// Whether the engine keeps the first node reached for each key (the keys are not the
  /// nodes).
  var keepsRepresentatives: Bool { get }
  func key(_ node: LoopNode<State>) -> Key
  /// The key of `node` if the search may have stored it, else `nil`; adds nothing (a
  /// finished exploration's lookups only read).
  func existingKey(_ node: LoopNode<State>) -> Key?
  /// The key of a node of `state` with no feedback snapshots (systems whose feedbacks do
  /// not react): no node is made.
  func key(state: State) -> Key
  /// The state of the node with `index`, without making the node.
  func state(_ index: Int, keys: ContiguousArray<Key>, representatives: ContiguousArray<LoopNode<State>>) -> State
  /// Whether two states are the same state for the exploration.
  func same(_ a: State, _ b: State) -> Bool
  /// The nodes, by index, from the stored keys and representatives.
  func nodes(keys: ContiguousArray<Key>, representatives: ContiguousArray<LoopNode<State>>) -> NodeList<State>
  /// The node with `index`.
  func node(_ index: Int, keys: ContiguousArray<Key>, representatives: ContiguousArray<LoopNode<State>>) -> LoopNode<
    State
  >
  /// The bytes the nodes' feedback snapshots take beside the store, for `nodes` nodes of
  /// `feedbacks` feedbacks.
  func snapshotBytes(nodes: Int, feedbacks: Int) -> Int
  /// The table of interned snapshot lists, where keys hold a list's index (then the
  /// engine moves nodes by list index: ``ExplorationEngine/followFlat(_:from:in:key:parent:choice:changes:node:into:)``).
  var snapshotTable: SnapshotTable? { get }
  /// The key of a node of `state` whose snapshots are the table's list `snapshots`.
  func key(state: State, snapshots: UInt32) -> Key
  /// The index of the snapshot list in `key`.
  func snapshots(of key: Key) -> UInt32
}

extension StateKeying {
  /// No table: keys hold no list index.
  @inlinable var snapshotTable: SnapshotTable? { nil }
  @inlinable func key(state: State, snapshots: UInt32) -> Key { preconditionFailure("keys hold no snapshot list") }
  @inlinable func snapshots(of key: Key) -> UInt32 { preconditionFailure("keys hold no snapshot list") }
}

/// States are told apart by a user's key function.
@usableFromInline
struct KeyedBy<State: Hashable & Sendable>: StateKeying {
  @usableFromInline let key: @Sendable (State) -> AnyHashable
  @inlinable init(key: @escaping @Sendable (State) -> AnyHashable) { self.key = key }
  @inlinable var keepsRepresentatives: Bool { true }
  @inlinable func key(_ node: LoopNode<State>) -> AnyHashable {
    node.feedbacks.isEmpty ? key(node.state) : AnyHashable(MergedKey(state: key(node.state), feedbacks: node.feedbacks))
  }
  @inlinable func key(state: State) -> AnyHashable { key(state) }
  @usableFromInline func existingKey(_ node: LoopNode<State>) -> AnyHashable? { key(node) }
  /// Each key holds its node's snapshots in an array of their own: its header and elements.
  @usableFromInline func snapshotBytes(nodes: Int, feedbacks: Int) -> Int {
    feedbacks == 0 ? 0 : nodes * (32 + feedbacks * MemoryLayout<FeedbackSnapshot>.stride)
  }
  @inlinable func same(_ a: State, _ b: State) -> Bool { key(a) == key(b) }
  @inlinable func state(
    _ index: Int, keys: ContiguousArray<AnyHashable>, representatives: ContiguousArray<LoopNode<State>>
  ) -> State { representatives[index].state }
  @inlinable func nodes(keys: ContiguousArray<AnyHashable>, representatives: ContiguousArray<LoopNode<State>>)
    -> NodeList<State>
  { NodeList(count: representatives.count) { representatives[$0] } }
  @inlinable func node(
    _ index: Int, keys: ContiguousArray<AnyHashable>, representatives: ContiguousArray<LoopNode<State>>
  )
    -> LoopNode<State>
  { representatives[index] }
}

/// A user's state key with the feedbacks' snapshots.
@usableFromInline
struct MergedKey: Hashable {
  @usableFromInline let state: AnyHashable
  @usableFromInline let feedbacks: [FeedbackSnapshot]

  @inlinable
  init(state: AnyHashable, feedbacks: [FeedbackSnapshot]) {
    self.state = state
    self.feedbacks = feedbacks
  }
}

/// States are their own keys, for systems whose feedbacks do not react (no memories, no
/// effects): the store holds the states themselves, as compact as before nodes existed.
@usableFromInline
struct StatesOnly<State: Hashable & Sendable>: StateKeying {
  @inlinable init() {}
  @inlinable var keepsRepresentatives: Bool { false }
  @inlinable @inline(__always) func key(_ node: LoopNode<State>) -> State { node.state }
  @inlinable @inline(__always) func key(state: State) -> State { state }
  @usableFromInline func existingKey(_ node: LoopNode<State>) -> State? { node.state }
  @usableFromInline func snapshotBytes(nodes: Int, feedbacks: Int) -> Int { 0 }
  @inlinable @inline(__always)
  func state(_ index: Int, keys: ContiguousArray<State>, representatives: ContiguousArray<LoopNode<State>>) -> State {
    keys[index]
  }
  @inlinable @inline(__always) func same(_ a: State, _ b: State) -> Bool { a == b }
  @inlinable func nodes(keys: ContiguousArray<State>, representatives: ContiguousArray<LoopNode<State>>)
    -> NodeList<State>
  { NodeList(count: keys.count) { LoopNode(state: keys[$0], feedbacks: []) } }
  @inlinable @inline(__always)
  func node(_ index: Int, keys: ContiguousArray<State>, representatives: ContiguousArray<LoopNode<State>>)
    -> LoopNode<State>
  { LoopNode(state: keys[index], feedbacks: []) }
}

/// The explored nodes by index, read from the store without copying it (a store of bare
/// states makes each node when asked).
@usableFromInline
struct NodeList<State: Hashable & Sendable>: RandomAccessCollection, Sendable {
  @usableFromInline let count: Int
  @usableFromInline let node: @Sendable (Int) -> LoopNode<State>

  @inlinable
  init(count: Int, node: @escaping @Sendable (Int) -> LoopNode<State>) {
    self.count = count
    self.node = node
  }

  @inlinable var startIndex: Int { 0 }
  @inlinable var endIndex: Int { count }
  @inlinable subscript(index: Int) -> LoopNode<State> { node(index) }
}
