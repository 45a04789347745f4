/// How the engine tells states apart: by the states themselves, or by a key the user
/// chose (states with equal keys are one state). A protocol rather than a closure so that
/// the engine is specialized for the common case, with no call per state.
@usableFromInline
protocol StateKeying {
  associatedtype State
  associatedtype Key: Hashable
  /// Whether the engine keeps the first state reached for each key (the keys are not the
  /// states).
  var keepsRepresentatives: Bool { get }
  func key(_ state: State) -> Key
  /// The states, by index, from the stored keys and representatives.
  func states(keys: ContiguousArray<Key>, representatives: ContiguousArray<State>) -> ContiguousArray<State>
  /// The state with `index`.
  func state(_ index: Int, keys: ContiguousArray<Key>, representatives: ContiguousArray<State>) -> State
}

/// States are their own keys.
@usableFromInline
struct Identity<State: Hashable>: StateKeying {
  @inlinable init() {}
  @inlinable var keepsRepresentatives: Bool { false }
  @inlinable @inline(__always) func key(_ state: State) -> State { state }
  @inlinable func states(keys: ContiguousArray<State>, representatives: ContiguousArray<State>) -> ContiguousArray<
    State
  > { keys }
  @inlinable @inline(__always)
  func state(_ index: Int, keys: ContiguousArray<State>, representatives: ContiguousArray<State>) -> State {
    keys[index]
  }
}

/// States are told apart by a user's key function.
@usableFromInline
struct KeyedBy<State>: StateKeying {
  @usableFromInline let key: @Sendable (State) -> AnyHashable
  @inlinable init(key: @escaping @Sendable (State) -> AnyHashable) { self.key = key }
  @inlinable var keepsRepresentatives: Bool { true }
  @inlinable func key(_ state: State) -> AnyHashable { key(state) }
  @inlinable func states(keys: ContiguousArray<AnyHashable>, representatives: ContiguousArray<State>)
    -> ContiguousArray<State>
  {
    representatives
  }
  @inlinable func state(_ index: Int, keys: ContiguousArray<AnyHashable>, representatives: ContiguousArray<State>)
    -> State
  {
    representatives[index]
  }
}
