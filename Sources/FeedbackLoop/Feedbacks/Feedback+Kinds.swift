extension Feedback {
  /// A Mealy-style feedback: it sees each new state together with the event that produced
  /// it (`nil` for the initial state).
  public static func reacting(
    _ name: String, emits: [Event] = [],
    _ effect: @escaping @Sendable (_ state: State, _ event: Event?) -> Effect<Event>
  ) -> Feedback {
    Feedback(
      name: name, watches: "every state and its event", declaring: emits,
      definition: .slot(SlotLogic { _, state, event in .start(effect(state, event)) }))
  }

  /// A feedback that starts an effect for every state satisfying `predicate` (level
  /// triggered). Under `.cancelOnNewState`, a state that does not satisfy it cancels the
  /// running effect.
  public static func when(
    _ name: String, emits: [Event] = [], _ predicate: @escaping @Sendable (State) -> Bool,
    effect: @escaping @Sendable (State) -> Effect<Event>
  ) -> Feedback {
    Feedback(
      name: name, watches: "while a condition holds", declaring: emits,
      definition: .slot(SlotLogic { _, state, _ in predicate(state) ? .start(effect(state)) : .cancel }))
  }

  /// A feedback that starts an effect when `predicate` becomes true (its rising edge, or
  /// true in the initial state). The effect keeps running while the predicate stays true;
  /// under `.cancelOnNewState` it is cancelled when the predicate becomes false.
  public static func whenBecomesTrue(
    _ name: String, emits: [Event] = [], _ predicate: @escaping @Sendable (State) -> Bool,
    effect: @escaping @Sendable (State) -> Effect<Event>
  ) -> Feedback {
    // Memory: the predicate's value in the last state.
    Feedback(
      name: name, watches: "when a condition becomes true", declaring: emits,
      definition: .slot(
        SlotLogic(initial: .flag(false), keepsOnRepeat: true) { memory, state, _ in
          let now = predicate(state)
          let was = memory == .flag(true)
          memory = .flag(now)
          switch (was, now) {
          case (false, true): return .start(effect(state))
          case (true, false): return .cancel
          default: return .keep
          }
        }))
  }

  /// A feedback on a value derived from the state, skipping repeats: a non-nil value
  /// starts an effect, an equal value keeps it running, a different value restarts it, and
  /// `nil` cancels it. (ReactiveFeedback's `skippingRepeated`, RxFeedback's `react(request:)`.)
  @inlinable  // its decision runs for every explored state: specialized for `Query` in the caller
  public static func skippingRepeated<Query: Equatable & Sendable>(
    _ name: String, emits: [Event] = [], _ query: @escaping @Sendable (State) -> Query?,
    effect: @escaping @Sendable (Query) -> Effect<Event>
  ) -> Feedback {
    // Memory: the last derived value (`nil` before the first, or after a `nil`).
    let kind = MemoryKind.of(Query.self)
    return Feedback(
      name: name, watches: "a derived value, skipping repeats", declaring: emits,
      definition: .slot(
        SlotLogic(initial: .value(nil), keepsOnRepeat: true) { memory, state, _ in
          let value = query(state)
          guard value != memory.value(as: Query.self) else { return .keep }
          memory = .value(value.map { FeedbackMemoryValue($0, kind: kind) })
          return value.map { .start(effect($0)) } ?? .cancel
        }))
  }

  /// Another name for ``skippingRepeated(_:emits:_:effect:)`` (Feedbacks' lensing).
  public static func lensing<Query: Equatable & Sendable>(
    _ name: String, emits: [Event] = [], _ query: @escaping @Sendable (State) -> Query?,
    effect: @escaping @Sendable (Query) -> Effect<Event>
  ) -> Feedback {
    skippingRepeated(name, emits: emits, query, effect: effect)
  }

  /// A feedback on the first non-nil value of a derived value after `nil`: later non-nil
  /// values do not restart the effect; `nil` cancels it.
  public static func firstValueAfterNil<Value: Sendable>(
    _ name: String, emits: [Event] = [], _ query: @escaping @Sendable (State) -> Value?,
    effect: @escaping @Sendable (Value) -> Effect<Event>
  ) -> Feedback {
    // Memory: whether a value is active (the last derived value was not `nil`).
    Feedback(
      name: name, watches: "the first value after nil", declaring: emits,
      definition: .slot(
        SlotLogic(initial: .flag(false), keepsOnRepeat: true) { memory, state, _ in
          switch (memory == .flag(true), query(state)) {
          case (false, let value?):
            memory = .flag(true)
            return .start(effect(value))
          case (true, nil):
            memory = .flag(false)
            return .cancel
          default:
            return .keep
          }
        }))
  }

  /// A feedback on the states of one type (for systems whose `State` is a protocol, as in
  /// Feedbacks). Other states cancel its effect under `.cancelOnNewState`.
  public static func on<T>(
    _ name: String, emits: [Event] = [], _ type: T.Type,
    effect: @escaping @Sendable (T) -> Effect<Event>
  ) -> Feedback {
    Feedback(
      name: name, watches: "state is \(Naming.typeName(T.self))", declaring: emits,
      definition: .slot(SlotLogic { _, state, _ in (state as? T).map { .start(effect($0)) } ?? .cancel }))
  }

  /// A feedback on the states a pattern matches, e.g. an enum case: `.case("loading")`.
  public static func on(
    _ name: String, emits: [Event] = [], _ pattern: StatePattern<State>,
    effect: @escaping @Sendable (State) -> Effect<Event>
  ) -> Feedback {
    Feedback(
      name: name, watches: "state is \(pattern.name ?? "any")", declaring: emits,
      definition: .slot(SlotLogic { _, state, _ in pattern.matches(state) ? .start(effect(state)) : .cancel }))
  }

  /// A feedback on a set of keyed requests derived from the state (RxFeedback's
  /// `react(requests:)`): a new key starts its effect, a key still requested keeps its
  /// effect running, a key no longer requested has its effect cancelled.
  ///
  /// Requests are `Comparable` so that new effects start in a deterministic order (their
  /// sorted order), whatever the process's hash seed.
  ///
  /// Diagrams say what the declaration knows: the type of the keys, and that it names no
  /// states (`watches: a set of Attempt requests, from states not named`). To name them,
  /// use ``requests(_:emits:in:_:effect:)``.
  public static func requests<Request: Hashable & Comparable & Sendable>(
    _ name: String, emits: [Event] = [], _ requests: @escaping @Sendable (State) -> Set<Request>,
    effect: @escaping @Sendable (Request) -> Effect<Event>
  ) -> Feedback {
    Feedback(
      name: name, watches: "a set of \(Naming.typeName(Request.self)) requests, from states not named",
      declaring: emits,
      definition: .keyed { state in
        requests(state).sorted().map { request in
          (key: AnyHashable(request), makeEffect: { effect(request) })
        }
      })
  }

  /// A feedback on a set of keyed requests derived from the states `pattern` matches, e.g.
  /// the attempt of an uploading state: as ``requests(_:emits:_:effect:)``, where every
  /// other state requests nothing (their effects are cancelled), and diagrams name the
  /// states the keys come from (`watches: a set of Attempt requests in state uploading`).
  ///
  /// ```swift
  /// Feedback.requests("upload", emits: [.succeeded, .failed], in: .case("uploading"), uploads) { attempt in
  ///   .task { clock in try await upload(attempt, clock) }
  /// }
  /// ```
  public static func requests<Request: Hashable & Comparable & Sendable>(
    _ name: String, emits: [Event] = [], in pattern: StatePattern<State>,
    _ requests: @escaping @Sendable (State) -> Set<Request>,
    effect: @escaping @Sendable (Request) -> Effect<Event>
  ) -> Feedback {
    Feedback(
      name: name, watches: "a set of \(Naming.typeName(Request.self)) requests in state \(pattern.name ?? "any")",
      declaring: emits,
      definition: .keyed { state in
        guard pattern.matches(state) else { return [] }
        return requests(state).sorted().map { request in
          (key: AnyHashable(request), makeEffect: { effect(request) })
        }
      })
  }

  /// A feedback that forwards the events sent to `input` (for user interface events or
  /// anything outside the state). The events' source is this feedback's name. Like
  /// ``input(_:emits:)``, `disabled(when:)` on it drops the events sent while it holds.
  public static func input(_ name: String, _ input: FeedbackInput<Event>, emits: [Event] = []) -> Feedback {
    var feedback = Feedback(
      name: name, watches: "external input", declaring: emits,
      definition: .source { .source(subscribe: { send in input.subscribe(send) }, onState: nil) })
    feedback.isInput = true
    return feedback
  }

  /// A feedback attached to a ``Mediator`` shared with other systems: it publishes a value
  /// to the mediator for states where `publish` returns one, and turns the values other
  /// systems publish into events with `receive`.
  public static func attach<Value: Equatable & Sendable>(
    _ name: String, to mediator: Mediator<Value>, emits: [Event] = [],
    publish: @escaping @Sendable (State) -> Value?,
    receive: @escaping @Sendable (Value) -> Event?
  ) -> Feedback {
    Feedback(
      name: name, watches: "mediator \(mediator.name)", declaring: emits,
      definition: .source {
        let member = mediator.makeMember()
        return .source(
          subscribe: { send in
            member.subscribe { value in if let event = receive(value) { send(event) } }
          },
          onState: { state in if let value = publish(state) { member.publish(value) } }
        )
      })
  }
}
