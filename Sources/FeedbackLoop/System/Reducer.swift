/// A reducer: the pure function that turns a state and an event into the next state.
///
/// Most systems declare ``Transitions`` instead, which reduce *and* describe themselves to
/// diagrams. A plain closure stays possible, as in ReactiveFeedback:
///
/// ```swift
/// let counter = System<Int, CounterEvent>(initial: 0) {
///   Reducer { state, event in
///     switch event {
///     case .increment: state += 1
///     case .decrement: state -= 1
///     }
///   }
/// }
/// ```
///
/// ReactiveFeedback and Loop write reducers that return the next state; that shape is
/// accepted wherever the `inout` one is:
///
/// ```swift
/// enum Counter {
///   static func reduce(state: Int, event: CounterEvent) -> Int {
///     event == .increment ? state + 1 : state - 1
///   }
///   static let system = System<Int, CounterEvent>(initial: 0) { Reducer(reduce) }
///   static let same = System<Int, CounterEvent>(initial: 0, reduce: reduce)
/// }
/// ```
///
/// A child system's reducer joins a parent's with ``pullback(state:event:)``.
public struct Reducer<State: Sendable, Event: Sendable>: Sendable {
  @usableFromInline let reduce: @Sendable (inout State, Event) -> Void

  /// A reducer from a closure that mutates the state in place.
  public init(_ reduce: @escaping @Sendable (_ state: inout State, _ event: Event) -> Void) {
    self.reduce = reduce
  }

  /// A reducer from a function that returns the next state (ReactiveFeedback's and Loop's
  /// `(State, Event) -> State`).
  ///
  /// ```swift
  /// Reducer { (count: Int, event: CounterEvent) in event == .increment ? count + 1 : count - 1 }
  /// ```
  public init(_ reduce: @escaping @Sendable (_ state: State, _ event: Event) -> State) {
    self.reduce = { state, event in state = reduce(state, event) }
  }

  /// This reducer working on a part of a larger state, for the events of a larger system
  /// that it understands.
  ///
  /// - Parameters:
  ///   - path: where the child's state lives inside the parent's.
  ///   - extract: the child event a parent event stands for, or `nil` to leave the child alone.
  public func pullback<Parent: Sendable, ParentEvent: Sendable>(
    state path: WritableKeyPath<Parent, State> & Sendable,
    event extract: @escaping @Sendable (ParentEvent) -> Event?
  ) -> Reducer<Parent, ParentEvent> {
    let reduce = self.reduce
    return Reducer<Parent, ParentEvent> { parent, parentEvent in
      guard let event = extract(parentEvent) else { return }
      reduce(&parent[keyPath: path], event)
    }
  }
}
