/// What one feedback decides on a new state, for the single-effect kinds.
@usableFromInline
enum SlotDecision<Event: Sendable> {
  /// Leave the running effect alone.
  case keep
  /// Cancel the running effect (under `.cancelOnNewState`), start nothing.
  case cancel
  /// Start `effect`, cancelling the running one first under `.cancelOnNewState`.
  case start(Effect<Event>)
}

/// The per-loop logic of one feedback. Made fresh for every loop, so the closures may keep
/// memory (the last query value, the last predicate result) without sharing it.
///
/// Only the loop's draining turn calls these closures, one at a time, so they need not be
/// `Sendable`.
@usableFromInline
enum FeedbackLogic<State: Sendable, Event: Sendable> {
  /// At most one effect at a time (every state, predicate, edge, query, case, type).
  case slot((State, Event?) -> SlotDecision<Event>)
  /// A set of keyed requests: new keys start, unchanged keys keep running, removed keys
  /// are cancelled.
  case keyed((State) -> [(key: AnyHashable, makeEffect: () -> Effect<Event>)])
  /// Events from outside the state: an input or a mediator. `subscribe` runs when the
  /// loop starts and returns what stops the subscription; `onState`, if any, sees states.
  case source(subscribe: (Send<Event>) -> @Sendable () -> Void, onState: ((State) -> Void)?)
}
