extension Feedback {
  /// The same feedback with an execution strategy (the default is
  /// ``ExecutionStrategy/cancelOnNewState``).
  ///
  /// The innermost choice wins: a strategy applied earlier to this feedback (or inside a
  /// group) is kept, so `f.strategy(.continueOnNewState).strategy(.cancelOnNewState)`
  /// continues. See "How modifiers compose" in ``Feedback``.
  public func strategy(_ strategy: ExecutionStrategy) -> Feedback {
    guard explicitStrategy == nil else { return self }
    var copy = self
    copy.explicitStrategy = strategy
    return copy
  }

  /// The same feedback, ignoring the states for which `condition` returns true: it starts
  /// and cancels nothing for them, and its modifiers do not see them.
  ///
  /// Conditions add up: applied several times (to the feedback or to groups holding it),
  /// the feedback skips a state when any of them holds.
  ///
  /// On an input (``input(_:emits:)``, ``input(_:_:emits:)``) it gates the events: one
  /// sent while the condition holds of the current state is dropped, not reduced, and
  /// recorded as an ignored event from the input (see "Gating" in ``input(_:emits:)``).
  /// A feedback over the states (``states(_:emits:_:)``) skips those states: its sequence
  /// does not see them.
  public func disabled(when condition: @escaping @Sendable (State) -> Bool) -> Feedback {
    var copy = self
    if let earlier = copy.isDisabled {
      copy.isDisabled = { @Sendable state in earlier(state) || condition(state) }
    } else {
      copy.isDisabled = condition
    }
    return copy
  }

  /// The same feedback, running its effects on `scheduler` — on its executor (a
  /// ``QueueScheduler``'s queue, a test scheduler's turns) and sleeping on its clock —
  /// instead of the loop's. Events still reach the loop through its own queue.
  ///
  /// The innermost choice wins: in `f.execute(on: a).execute(on: b)`, and for a feedback
  /// with its own `execute(on: a)` inside `Feedbacks { … }.execute(on: b)`, effects run
  /// on `a`. See "How modifiers compose" in ``Feedback``.
  public func execute(on scheduler: any LoopScheduler) -> Feedback {
    guard self.scheduler == nil else { return self }
    var copy = self
    copy.scheduler = scheduler
    return copy
  }

  /// The same feedback, calling `action` with every state it receives (before deciding).
  ///
  /// While ``disabled(when:)`` holds the feedback receives no state, so `action` is not
  /// called for those states either: it sees exactly the states the feedback decides on.
  ///
  /// Callbacks add up: every `onStateReceived` applied to the feedback or to a group
  /// holding it runs, the innermost first.
  public func onStateReceived(_ action: @escaping @Sendable (State) -> Void) -> Feedback {
    var copy = self
    if let earlier = copy.stateReceived {
      copy.stateReceived = { @Sendable state in
        earlier(state); action(state)
      }
    } else {
      copy.stateReceived = action
    }
    return copy
  }

  /// The same feedback, calling `action` with every event it emits, as it is delivered.
  ///
  /// Callbacks add up: every `onEventEmitted` applied to the feedback or to a group
  /// holding it runs, the innermost first.
  public func onEventEmitted(_ action: @escaping @Sendable (Event) -> Void) -> Feedback {
    var copy = self
    if let earlier = copy.eventEmitted {
      copy.eventEmitted = { @Sendable event in
        earlier(event); action(event)
      }
    } else {
      copy.eventEmitted = action
    }
    return copy
  }

  /// The same feedback, declaring by name the events it may emit (for events with
  /// payloads or event types, which have no single value to list in `emits:`).
  public func emitting(_ names: [String]) -> Feedback {
    var copy = self
    copy.emits = Naming.unique(names)
    return copy
  }

  /// The same feedback, described as watching `description` in diagrams.
  public func watching(_ description: String) -> Feedback {
    var copy = self
    copy.watches = description
    return copy
  }

  /// This feedback working on a part of a larger state, emitting the larger system's
  /// events (composition, as CombineFeedback's and Loop's pullback).
  ///
  /// - Parameters:
  ///   - path: where the child's state lives inside the parent's.
  ///   - embed: the parent event that a child event stands for.
  ///   - extract: the child event a parent event stands for, for feedbacks that look at
  ///     the event (``reacting(_:emits:_:)``); `nil` shows them no event.
  public func pullback<Parent: Sendable, ParentEvent: Sendable>(
    state path: KeyPath<Parent, State> & Sendable,
    event embed: @escaping @Sendable (Event) -> ParentEvent,
    extract: (@Sendable (ParentEvent) -> Event?)? = nil
  ) -> Feedback<Parent, ParentEvent> {
    let definition: FeedbackDefinition<Parent, ParentEvent>
    switch self.definition {
    case .slot(let logic):
      let decide = logic.decide
      definition = .slot(
        SlotLogic(initial: logic.initial, keepsOnRepeat: logic.keepsOnRepeat) { memory, state, event in
          switch decide(&memory, state[keyPath: path], event.flatMap { extract?($0) }) {
          case .keep: .keep
          case .cancel: .cancel
          case .start(let effect): .start(effect.map(embed))
          }
        })
    case .keyed(let requests):
      definition = .keyed { state in
        requests(state[keyPath: path]).map { request in
          (key: request.key, makeEffect: { request.makeEffect().map(embed) })
        }
      }
    case .source(let makeLogic):
      definition = .source {
        guard case .source(let subscribe, let onState) = makeLogic() else {
          preconditionFailure("a source feedback makes a source logic")
        }
        return .source(
          subscribe: { send in subscribe(send.pulledBack(embed)) },
          onState: onState.map { observe in { state in observe(state[keyPath: path]) } }
        )
      }
    }
    var parent = Feedback<Parent, ParentEvent>(name: name, watches: watches, emits: emits, definition: definition)
    parent.declaredEvents = declaredEvents.map(embed)
    parent.explicitStrategy = explicitStrategy
    parent.scheduler = scheduler
    parent.isInput = isInput
    if let isDisabled { parent.isDisabled = { isDisabled($0[keyPath: path]) } }
    if let stateReceived { parent.stateReceived = { stateReceived($0[keyPath: path]) } }
    return parent
  }
}

extension Effect {
  /// The same effect emitting `transform(event)` for each of its events.
  public func map<Other: Sendable>(_ transform: @escaping @Sendable (Event) -> Other) -> Effect<Other> {
    switch operation {
    case .none: .none
    case .one(let event): .send(transform(event))
    case .many(let events): Effect<Other>(operation: .many(events.map(transform)))
    case .run(let body):
      Effect<Other>(
        operation: .run { send, clock in try await body(Send { send(transform($0)) }, clock) },
        emitsAtMostOnce: emitsAtMostOnce)
    }
  }
}
