public import FeedbackGraph

/// The outcome of reducing one event.
@usableFromInline
enum Reduction<State> {
  /// The event was reduced; `transition` is the declared transition that matched, if the
  /// system declares transitions.
  case reduced(State, transition: TransitionID?)
  /// No declared transition accepts the event; the state is unchanged.
  case ignored
  /// The declared transition `transition` produced a state outside its declared targets.
  case undeclared(State, transition: TransitionID)
}

/// Declared transitions, with the dispatch that matches them (``TransitionDispatch``).
@usableFromInline
struct TransitionTable<State: Sendable, Event: Sendable>: Sendable {
  /// Declaration order: a transition's ``TransitionID`` is its index here.
  @usableFromInline let transitions: [Transition<State, Event>]
  /// Indices into `transitions`, most specific first.
  @usableFromInline let precedence: [Int]
  /// The matcher, built once per table.
  @usableFromInline let dispatch: TransitionDispatch<State, Event>

  init(_ transitions: [Transition<State, Event>]) {
    self.transitions = transitions
    let precedence = Self.precedence(of: transitions)
    self.precedence = precedence
    self.dispatch = TransitionDispatch(transitions, precedence: precedence)
  }

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
      let transition = transitions[index]
      guard transition.from.matches(state), transition.on.matches(event) else { continue }
      if let condition = transition.condition, !condition.test(state, event) { continue }
      return index
    }
    return nil
  }

  @inlinable
  func reduce(_ state: State, _ event: Event) -> Reduction<State> {
    guard let index = match(state, event) else { return .ignored }
    switch transitions[index].target {
    case .fixed(let target):
      return .reduced(target, transition: TransitionID(index))
    case .computed(_, let compute):
      let next = compute(state, event)
      if dispatch.declares(index, next) {
        return .reduced(next, transition: TransitionID(index))
      }
      return .undeclared(next, transition: TransitionID(index))
    }
  }
}
