/// What a feedback does in response to a state: nothing, emit events at once, or run an
/// async operation that may sleep on the loop's clock and emit any number of events.
///
/// ```swift
/// enum Count: Hashable, Sendable { case tick, tock }
///
/// let counting = Feedback<Int, Count>("counting", emits: [.tick, .tock]) { count in
///   switch count {
///   case 0: .send(.tick)  // one event, at once
///   case 1: .send(.tick, .tock)  // several, in order
///   case 3:
///     .run { send, clock in  // async work that sleeps on the loop's clock
///       try await clock.sleep(for: .seconds(1))
///       send(.tick)
///     }
///   case 4:
///     .sequence(
///       AsyncStream { continuation in  // any AsyncSequence of events
///         continuation.yield(.tock)
///         continuation.finish()
///       })
///   default: .none  // nothing starts
///   }
/// }
/// .strategy(.continueOnNewState)  // the .tock queued behind .tick survives the state .tick makes
/// ```
///
/// Every effect that starts has a lifecycle an observer of the loop can see: started,
/// emitted (per event), then finished or cancelled. **Lifecycle rule:** an effect finishes
/// when its operation returns (a `.task` after returning its event, a `.run` or `.sequence`
/// when its closure or sequence ends), before the event it emitted last is reduced; only a
/// running effect can be cancelled. Events of a cancelled effect are never delivered.
public struct Effect<Event: Sendable>: Sendable {
  @usableFromInline
  enum Operation: Sendable {
    case none
    case one(Event)
    case many([Event])
    case run(@Sendable (Send<Event>, any Clock<Duration>) async throws -> Void)
  }

  @usableFromInline let operation: Operation
  /// Whether the operation emits at most one event (``task(_:)``): what the explorer
  /// assumes a running effect may still emit.
  @usableFromInline let emitsAtMostOnce: Bool

  @inlinable
  init(operation: Operation, emitsAtMostOnce: Bool = false) {
    self.operation = operation
    self.emitsAtMostOnce = emitsAtMostOnce
  }

  /// No effect: nothing starts.
  @inlinable
  public static var none: Effect { Effect(operation: .none) }

  /// Emits `event` at once (the loop queues it behind the events already waiting).
  @inlinable
  public static func send(_ event: Event) -> Effect {
    Effect(operation: .one(event))
  }

  /// Emits `events` at once, in order.
  public static func send(_ events: Event...) -> Effect {
    events.count == 1 ? Effect(operation: .one(events[0])) : Effect(operation: .many(events))
  }

  /// Runs an async operation. It runs on the scheduler's executor, sleeps on its clock,
  /// and emits events through `send`. Cancellation (a new state, a removed key, the loop
  /// stopping) cancels its task; a cancelled operation's events are dropped.
  @inlinable
  public static func run(
    _ operation: @escaping @Sendable (_ send: Send<Event>, _ clock: any Clock<Duration>) async throws -> Void
  ) -> Effect {
    Effect(operation: .run(operation))
  }

  /// Runs an async operation that produces at most one event.
  ///
  /// The effect finishes when the operation returns its event, before that event is
  /// reduced: the state the event makes cannot cancel it.
  @inlinable
  public static func task(
    _ operation: @escaping @Sendable (_ clock: any Clock<Duration>) async throws -> Event?
  ) -> Effect {
    Effect(
      operation: .run { send, clock in
        if let event = try await operation(clock) { send.sendLast(event) }
      }, emitsAtMostOnce: true)
  }

  /// Emits every element of an async sequence, until it ends or the effect is cancelled.
  ///
  /// The sequence is read at the loop's pace (``Send/waitingForRoom(_:)``): it is not asked
  /// for its next element while the loop holds 256 of its events not yet reduced, so a
  /// sequence faster than the loop does not fill memory.
  public static func sequence<S: AsyncSequence & Sendable>(_ sequence: S) -> Effect where S.Element == Event {
    .run { send, _ in
      for try await event in sequence {
        if Task.isCancelled { return }
        await send.waitingForRoom(event)
      }
    }
  }

  /// What the explorer sees of this effect: what it emits at once, or how many events a
  /// running operation may still emit. Inlinable: the explorer asks it for every effect
  /// it starts, in code specialized for the user's events.
  @inlinable
  package var explorationShape: EffectShape<Event> {
    switch operation {
    case .none: .none
    case .one(let event): .emitsAtOnce([event])
    case .many(let events): .emitsAtOnce(events)
    case .run: emitsAtMostOnce ? .task : .stream
    }
  }

  /// Whether this is ``none``.
  @inlinable
  var isNone: Bool {
    if case .none = operation { return true }
    return false
  }
}

/// An effect as the explorer abstracts it (time left out).
@usableFromInline
package enum EffectShape<Event> {
  /// Nothing starts.
  case none
  /// These events are emitted at once, in order (``Effect/send(_:)-(Event)``).
  case emitsAtOnce([Event])
  /// A running operation that emits at most one event, then ends (``Effect/task(_:)``).
  case task
  /// A running operation that may emit any of its feedback's events any number of times
  /// (``Effect/run(_:)``, ``Effect/sequence(_:)``).
  case stream
}
