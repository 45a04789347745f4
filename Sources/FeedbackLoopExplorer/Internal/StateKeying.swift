/// How the engine tells states apart: by the states themselves, or by a key the user
/// chose (states with equal keys are one state). A protocol rather than a closure so that
/// the engine is specialized for the common case, with no call per state.
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
struct Identity<State: Hashable>: StateKeying {
  var keepsRepresentatives: Bool { false }
  @inline(__always) func key(_ state: State) -> State { state }
  func states(keys: ContiguousArray<State>, representatives: ContiguousArray<State>) -> ContiguousArray<State> { keys }
  @inline(__always)
  func state(_ index: Int, keys: ContiguousArray<State>, representatives: ContiguousArray<State>) -> State { keys[index] }
}

/// States are told apart by a user's key function.
struct KeyedBy<State>: StateKeying {
  let key: @Sendable (State) -> AnyHashable
  var keepsRepresentatives: Bool { true }
  func key(_ state: State) -> AnyHashable { key(state) }
  func states(keys: ContiguousArray<AnyHashable>, representatives: ContiguousArray<State>) -> ContiguousArray<State> {
    representatives
  }
  func state(_ index: Int, keys: ContiguousArray<AnyHashable>, representatives: ContiguousArray<State>) -> State {
    representatives[index]
  }
}
