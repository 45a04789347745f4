/// Emits events from a running effect into its loop.
///
/// Call it like a function: `send(.didLoad(page))`. Events sent after the effect was
/// cancelled, or after the loop stopped, are dropped. `Send` holds its loop weakly, so an
/// effect never keeps a loop alive.
///
/// A producer that may outrun the loop (a socket, a file, a fast `AsyncSequence`) should
/// use ``waitingForRoom(_:)``: it waits while the loop still holds many of this effect's
/// events, so the loop's queue stays bounded. ``Effect/sequence(_:)`` does this for you.
public struct Send<Event: Sendable>: Sendable {
  let deliver: @Sendable (Event) -> Void
  let waitForRoom: (@Sendable () async -> Void)?
  /// The scheduler of the loop (or feedback) the events go to, for sources that run work
  /// of their own (a feedback over the states runs its sequence on it).
  let scheduler: (any LoopScheduler)?
  /// Emits an event the effect's operation returns right after (see ``sendLast(_:)``).
  let deliverLast: (@Sendable (Event) -> Void)?
  /// Marks the operation returned while its events wait (see ``returnBeforeQueuedEvents()``).
  let returnEarly: (@Sendable () -> Void)?
  /// For a source feedback: runs an effect as the feedback's one current effect, on the
  /// loop's turn, cancelling the one before (see `Feedback.states(_:emits:requests:effect:)`).
  let startEffect: (@Sendable (@escaping @Sendable () -> Effect<Event>) -> Void)?

  /// Creates a `Send` that calls `deliver` for each event (for tests of effect closures).
  public init(_ deliver: @escaping @Sendable (Event) -> Void) {
    self.deliver = deliver
    self.waitForRoom = nil
    self.scheduler = nil
    self.deliverLast = nil
    self.returnEarly = nil
    self.startEffect = nil
  }

  /// A `Send` of a running effect: `waitForRoom` suspends while its loop is full;
  /// `deliverLast` emits the effect's last event; `returnEarly` marks it returned.
  init(
    _ deliver: @escaping @Sendable (Event) -> Void, waitForRoom: @escaping @Sendable () async -> Void,
    deliverLast: @escaping @Sendable (Event) -> Void, returnEarly: @escaping @Sendable () -> Void
  ) {
    self.deliver = deliver
    self.waitForRoom = waitForRoom
    self.scheduler = nil
    self.deliverLast = deliverLast
    self.returnEarly = returnEarly
    self.startEffect = nil
  }

  /// A `Send` of a loop's source feedback, which runs on `scheduler` and may start effects
  /// through `startEffect`.
  @usableFromInline
  init(
    _ deliver: @escaping @Sendable (Event) -> Void, scheduler: any LoopScheduler,
    startEffect: (@Sendable (@escaping @Sendable () -> Effect<Event>) -> Void)? = nil
  ) {
    self.deliver = deliver
    self.waitForRoom = nil
    self.scheduler = scheduler
    self.deliverLast = nil
    self.returnEarly = nil
    self.startEffect = startEffect
  }

  /// The same `Send` for a child feedback whose events `embed` makes this one's (a
  /// pullback): it keeps the scheduler and the effect channel of a source's `Send`.
  package func pulledBack<Child: Sendable>(_ embed: @escaping @Sendable (Child) -> Event) -> Send<Child> {
    let deliver = self.deliver
    guard let scheduler else { return Send<Child> { deliver(embed($0)) } }
    var childStart: (@Sendable (@escaping @Sendable () -> Effect<Child>) -> Void)?
    if let start = startEffect {
      childStart = { @Sendable (make: @escaping @Sendable () -> Effect<Child>) in
        start { make().map(embed) }
      }
    }
    return Send<Child>({ deliver(embed($0)) }, scheduler: scheduler, startEffect: childStart)
  }

  /// Runs `make()`'s effect as the source feedback's current effect, on the loop's turn:
  /// the effect it started before is cancelled first. Without a loop behind this `Send`
  /// (one made for a test of a closure), the effect runs at once and sends through it.
  package func start(_ make: @escaping @Sendable () -> Effect<Event>) {
    if let startEffect { return startEffect(make) }
    switch make().operation {
    case .none: break
    case .one(let event): deliver(event)
    case .many(let events): events.forEach(deliver)
    case .run(let body):
      let send = Send(deliver)
      Task { try? await body(send, ContinuousClock()) }
    }
  }

  @usableFromInline
  package func sendLast(_ event: Event) {
    (deliverLast ?? deliver)(event)
  }

  /// Marks the effect's operation returned while events it sent still wait in the loop's
  /// queue, none of them known to be its last: it finishes when those are reduced, or when a
  /// new state lets go of it (which drops them). Replay uses it to re-create a recorded
  /// `.run` that returned with several events queued; it must be followed by the operation
  /// returning.
  package func returnBeforeQueuedEvents() {
    returnEarly?()
  }

  /// Emits `event`.
  public func callAsFunction(_ event: Event) {
    deliver(event)
  }

  /// Emits `event` once the loop has room for it: while the loop holds 256 or more events
  /// of this effect that it has not reduced yet, waits until half of them are reduced (or
  /// the effect is cancelled, in which case the event is dropped). This is backpressure:
  /// a fast producer runs at the loop's pace and the loop's memory stays bounded.
  ///
  /// ```swift
  /// let reader = Feedback<Int, Line>("reader", emits: [.line("")]) { count in
  ///   guard count == 0 else { return .none }  // starts once, in the initial state
  ///   return .run { send, _ in
  ///     for await line in lines { await send.waitingForRoom(.line(line)) }
  ///   }
  /// }
  /// .strategy(.continueOnNewState)
  /// ```
  /// A `Send` made with ``init(_:)`` never waits.
  public func waitingForRoom(_ event: Event) async {
    if let waitForRoom { await waitForRoom() }
    deliver(event)
  }
}
