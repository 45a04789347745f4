import FeedbackGraph

/// Declared transitions, with the dispatch that matches them (``TransitionDispatch``): one
/// reference, so that a system's table costs one pointer to carry.
@usableFromInline
struct TransitionTable<State: Sendable, Event: Sendable>: Sendable {
  /// The matcher, built once per table; it holds the transitions.
  @usableFromInline let dispatch: TransitionDispatch<State, Event>

  /// A table of `transitions`, each declared as the transitions it stands for (one per
  /// source of a `oneOf` pattern: ``Transition/alternatives``).
  init(_ transitions: [Transition<State, Event>]) {
    let transitions = transitions.flatMap(\.alternatives)
    dispatch = TransitionDispatch(transitions, precedence: Self.precedence(of: transitions))
  }

  /// A table described by `declared` that dispatches `dispatched` in `precedence` order
  /// (positions of both lists: they have the same length): a mutated table
  /// (``System/applying(_:)``).
  init(declared: [Transition<State, Event>], dispatching dispatched: [Transition<State, Event>], precedence: [Int]) {
    dispatch = TransitionDispatch(dispatched, precedence: precedence, declared: declared)
  }

  /// The transitions as declared, what the system describes (``System/graph``), in
  /// declaration order: a transition's ``TransitionID`` is its index here.
  var transitions: [Transition<State, Event>] { dispatch.declared }

  /// The transitions as declared (``transitions``).
  var declared: [Transition<State, Event>] { dispatch.declared }

  /// Indices into `transitions`, most specific first.
  var precedence: [Int] { dispatch.precedence }

  /// Indices into `transitions` in precedence order: the most specific source first, then
  /// the most specific event, then declaration order.
  static func precedence(of transitions: [Transition<State, Event>]) -> [Int] {
    transitions.indices.sorted { a, b in
      let x = transitions[a], y = transitions[b]
      if x.from.pattern.specificity != y.from.pattern.specificity {
        return x.from.pattern.specificity > y.from.pattern.specificity
      }
      if x.on.pattern.specificity != y.on.pattern.specificity {
        return x.on.pattern.specificity > y.on.pattern.specificity
      }
      return a < b
    }
  }

  /// The index of the first transition (in precedence order) that accepts the pair.
  @inlinable
  func match(_ state: State, _ event: Event) -> Int? {
    dispatch.match(state, event)
  }

  /// ``match(_:_:)`` by trying every transition in precedence order: the reference the
  /// dispatch is tested against.
  func scan(_ state: State, _ event: Event) -> Int? {
    for index in precedence {
      let transition = dispatch.transitions[index]
      guard transition.from.matches(state), transition.on.matches(event) else { continue }
      if let condition = transition.condition, !condition.test(state, event) { continue }
      return index
    }
    return nil
  }

  @inlinable
  func reduce(_ state: State, _ event: Event) -> Reduction<State> {
    dispatch.reduce(state, event)
  }
}
