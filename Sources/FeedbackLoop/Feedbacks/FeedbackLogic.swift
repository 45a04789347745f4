/// What one feedback decides on a new state, for the single-effect kinds.
@usableFromInline
package enum SlotDecision<Event: Sendable> {
  /// Leave the running effect alone.
  case keep
  /// Cancel the running effect (under `.cancelOnNewState`), start nothing.
  case cancel
  /// Start `effect`, cancelling the running one first under `.cancelOnNewState`.
  case start(Effect<Event>)
}

/// The logic of a single-effect feedback as a pure step: its memory is a value
/// (``FeedbackMemory``) that `decide` reads and updates. The runtime keeps the memory in
/// each loop's feedback; the explorer carries it in every explored state: one logic, two
/// callers.
@usableFromInline
package struct SlotLogic<State: Sendable, Event: Sendable>: Sendable {
  /// The memory before the first state.
  @usableFromInline package let initial: FeedbackMemory
  /// Decides on a new state (and the event that produced it, `nil` for the initial
  /// state), updating the memory. A decision to keep the running effect leaves the
  /// memory's value as it was (the explorer relies on it, and asserts it in debug builds).
  @usableFromInline package let decide: @Sendable (inout FeedbackMemory, State, Event?) -> SlotDecision<Event>
  /// Whether deciding again on the state it last decided on keeps, whatever the event, and
  /// leaves the memory as it is: true of the feedbacks that remember what they last saw
  /// (`whenBecomesTrue`, `skippingRepeated`, `firstValueAfterNil`), false of those that
  /// start an effect for every state. The explorer skips such a decision where a move
  /// leaves the state as it was.
  @usableFromInline package let keepsOnRepeat: Bool

  @usableFromInline
  init(
    initial: FeedbackMemory = .none, keepsOnRepeat: Bool = false,
    _ decide: @escaping @Sendable (inout FeedbackMemory, State, Event?) -> SlotDecision<Event>
  ) {
    self.initial = initial
    self.keepsOnRepeat = keepsOnRepeat
    self.decide = decide
  }
}

/// How a feedback is defined, before any loop runs it: what the runtime makes a fresh
/// ``FeedbackLogic`` from for every loop, and what the explorer reads.
@usableFromInline
package enum FeedbackDefinition<State: Sendable, Event: Sendable>: Sendable {
  /// At most one effect at a time (every state, predicate, edge, query, case, type).
  case slot(SlotLogic<State, Event>)
  /// A set of keyed requests, in their sorted order: new keys start, unchanged keys keep
  /// running, removed keys are cancelled.
  case keyed(@Sendable (State) -> [(key: AnyHashable, makeEffect: () -> Effect<Event>)])
  /// Events from outside the state (an input, a mediator): made fresh for every loop.
  case source(@Sendable () -> FeedbackLogic<State, Event>)
}

/// The per-loop logic of one feedback, made fresh for every loop from its
/// ``FeedbackDefinition``: a single-effect feedback's closure holds that loop's memory.
///
/// Only the loop's draining turn calls these closures, one at a time, so they need not be
/// `Sendable`.
@usableFromInline
package enum FeedbackLogic<State: Sendable, Event: Sendable> {
  /// At most one effect at a time (every state, predicate, edge, query, case, type).
  case slot((State, Event?) -> SlotDecision<Event>)
  /// A set of keyed requests: new keys start, unchanged keys keep running, removed keys
  /// are cancelled.
  case keyed((State) -> [(key: AnyHashable, makeEffect: () -> Effect<Event>)])
  /// Events from outside the state: an input or a mediator. `subscribe` runs when the
  /// loop starts and returns what stops the subscription; `onState`, if any, sees states.
  case source(subscribe: (Send<Event>) -> @Sendable () -> Void, onState: ((State) -> Void)?)
}

extension FeedbackDefinition {
  /// A fresh logic for one loop (its memory starts at the definition's initial memory).
  @usableFromInline
  func makeLogic() -> FeedbackLogic<State, Event> {
    switch self {
    case .slot(let logic):
      var memory = logic.initial
      let decide = logic.decide
      return .slot { state, event in decide(&memory, state, event) }
    case .keyed(let requests):
      return .keyed(requests)
    case .source(let make):
      return make()
    }
  }
}
