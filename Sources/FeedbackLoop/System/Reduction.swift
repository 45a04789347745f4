public import FeedbackGraph

/// What reducing one event did: the one outcome the loop, the transition table and the
/// explorer (another module of this package, through ``System/reduce(_:_:)``) share.
@usableFromInline
package enum Reduction<State> {
  /// The event was reduced; `transition` is the declared transition that matched, if the
  /// system declares transitions.
  case reduced(State, transition: TransitionID?)
  /// No declared transition accepts the event; the state is unchanged.
  case ignored
  /// The declared transition `transition` produced a state outside its declared targets.
  case undeclared(State, transition: TransitionID)
}
