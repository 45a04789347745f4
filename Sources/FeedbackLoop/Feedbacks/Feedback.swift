/// A feedback: it watches the loop's state and answers with effects that emit events.
///
/// After every reduction each feedback sees the new state (and the event that produced it),
/// in declaration order, before the next event is reduced. The simplest feedback reacts to
/// every state with an async operation, as in this traffic light:
///
/// ```swift
/// Feedback("timer", emits: [.tick]) { (state: Light, clock) in
///   try await clock.sleep(for: .seconds(state == .yellow ? 3 : 30))
///   return .tick
/// }
/// .strategy(.cancelOnNewState)
/// ```
///
/// Other kinds watch a predicate (``when(_:emits:_:effect:)``), its rising edge
/// (``whenBecomesTrue(_:emits:_:effect:)``), a derived value
/// (``skippingRepeated(_:emits:_:effect:)``, ``firstValueAfterNil(_:emits:_:effect:)``),
/// a state type or enum case (``on(_:emits:_:effect:)-(_,_,T.Type,_)``), a set of keyed
/// requests (``requests(_:emits:_:effect:)``), an external ``FeedbackInput``, or a
/// ``Mediator`` shared with other systems.
///
/// Modifiers: ``strategy(_:)``, ``disabled(when:)``, ``execute(on:)``,
/// ``onStateReceived(_:)``, ``onEventEmitted(_:)``, ``watching(_:)``.
///
/// ## How modifiers compose
/// One rule, on a feedback and on a ``Feedbacks`` group alike: **an outer modifier never
/// undoes an inner one** (as SwiftUI's modifiers, and Feedbacks' tests, expect).
/// - Settings keep the *innermost* choice: in `f.execute(on: a).execute(on: b)` the
///   effects run on `a`, and `Feedbacks { f.strategy(.continueOnNewState) }.strategy(.cancelOnNewState)`
///   leaves `f` continuing. A group's setting applies to the feedbacks that made none.
///   This holds for ``execute(on:)`` and ``strategy(_:)``.
/// - Conditions and callbacks *add up*: ``disabled(when:)`` skips a state when any of its
///   conditions holds; ``onStateReceived(_:)`` and ``onEventEmitted(_:)`` all run, the
///   innermost first.
/// - Descriptions for diagrams (``watching(_:)``, ``emitting(_:)``) are not behaviour:
///   the last one applied is the one drawn.
public struct Feedback<State: Sendable, Event: Sendable>: Sendable {
  /// The feedback's name: the source of its events in traces and its node in diagrams.
  public let name: String
  /// What it watches, in words, for diagrams.
  public internal(set) var watches: String
  /// The names of the events it declares it may emit.
  public internal(set) var emits: [String]
  /// What a new state does to its running effects: the innermost ``strategy(_:)`` applied
  /// to this feedback or to a group holding it, or ``ExecutionStrategy/cancelOnNewState``.
  package internal(set) var executionStrategy: ExecutionStrategy {
    get { explicitStrategy ?? .cancelOnNewState }
    set { explicitStrategy = newValue }
  }

  /// The strategy a modifier chose, if any (`nil`: the default applies, and an outer
  /// modifier may still choose).
  @usableFromInline var explicitStrategy: ExecutionStrategy?

  /// Whether a strategy applies: only to feedbacks that start effects per state. Inputs,
  /// mediators and feedbacks over the stream of states start none (a requests stream's
  /// latest request always wins), so diagrams draw no strategy for them.
  package var hasStrategy: Bool {
    if case .source = definition { return false }
    return true
  }

  /// The feedback's logic, before any loop runs it (the runtime and the explorer read it).
  @usableFromInline package internal(set) var definition: FeedbackDefinition<State, Event>
  /// The events declared by value (`emits: [.tick]`), for the explorer's samples.
  @usableFromInline package internal(set) var declaredEvents: [Event] = []
  /// Whether this is an input of the loop (``input(_:emits:)``): events reach it through
  /// ``Loop/send(_:from:)``.
  @usableFromInline var isLoopInput = false
  /// Whether this is an input (``input(_:emits:)``, ``input(_:_:emits:)``): while
  /// ``disabled(when:)`` holds, the events sent through it are dropped.
  @usableFromInline var isInput = false
  /// For a feedback typed on one type of state (`FeedbackLoopCombine`'s publisher
  /// feedbacks): given a state of the system, why no state of the system can be of that
  /// type, if none can (the feedback would never run). The test kit reports it.
  package var stateTypeProblem: (@Sendable (State) -> String?)?
  @usableFromInline var isDisabled: (@Sendable (State) -> Bool)?
  @usableFromInline var stateReceived: (@Sendable (State) -> Void)?
  @usableFromInline var eventEmitted: (@Sendable (Event) -> Void)?
  @usableFromInline var scheduler: (any LoopScheduler)?

  @usableFromInline
  init(
    name: String, watches: String, emits: [String],
    definition: FeedbackDefinition<State, Event>
  ) {
    self.name = name
    self.watches = watches
    self.emits = Naming.unique(emits)
    self.definition = definition
  }

  /// A feedback declaring the events it may emit by value: their names are drawn, and
  /// the explorer takes payload-free ones as the samples of what its effects emit.
  @usableFromInline
  init(name: String, watches: String, declaring events: [Event], definition: FeedbackDefinition<State, Event>) {
    self.init(name: name, watches: watches, emits: events.map(Naming.name(of:)), definition: definition)
    self.declaredEvents = events
  }

  /// A fresh logic for one loop.
  @usableFromInline
  func makeLogic() -> FeedbackLogic<State, Event> {
    definition.makeLogic()
  }

  /// A feedback that runs an async operation for every state; the event it returns, if
  /// any, is sent to the loop.
  ///
  /// - Parameters:
  ///   - name: the feedback's name (source of its events in traces, node in diagrams).
  ///   - emits: the events it may emit, for diagrams.
  ///   - operation: receives the state and the loop's clock; may sleep on the clock.
  @inlinable
  public init(
    _ name: String, emits: [Event] = [],
    _ operation: @escaping @Sendable (_ state: State, _ clock: any Clock<Duration>) async throws -> Event?
  ) {
    self.init(
      name: name, watches: "every state", declaring: emits,
      definition: .slot(
        SlotLogic { _, state, _ in
          .start(.task { clock in try await operation(state, clock) })
        }))
  }

  /// A feedback that answers every state with an effect.
  @inlinable
  public init(_ name: String, emits: [Event] = [], effect: @escaping @Sendable (_ state: State) -> Effect<Event>) {
    self.init(
      name: name, watches: "every state", declaring: emits,
      definition: .slot(SlotLogic { _, state, _ in .start(effect(state)) }))
  }

  /// A feedback that answers every state with an effect, declaring its events by name
  /// (for events with payloads, or event types).
  @inlinable
  public init(_ name: String, emitting: [String], effect: @escaping @Sendable (_ state: State) -> Effect<Event>) {
    self.init(
      name: name, watches: "every state", emits: emitting,
      definition: .slot(SlotLogic { _, state, _ in .start(effect(state)) }))
  }
}
