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

  /// Creates a `Send` that calls `deliver` for each event (for tests of effect closures).
  public init(_ deliver: @escaping @Sendable (Event) -> Void) {
    self.deliver = deliver
    self.waitForRoom = nil
    self.scheduler = nil
  }

  /// A `Send` of a running effect: `waitForRoom` suspends while its loop is full.
  init(_ deliver: @escaping @Sendable (Event) -> Void, waitForRoom: @escaping @Sendable () async -> Void) {
    self.deliver = deliver
    self.waitForRoom = waitForRoom
    self.scheduler = nil
  }

  /// A `Send` of a loop's source feedback, which runs on `scheduler`.
  @usableFromInline
  init(_ deliver: @escaping @Sendable (Event) -> Void, scheduler: any LoopScheduler) {
    self.deliver = deliver
    self.waitForRoom = nil
    self.scheduler = scheduler
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
  /// .run { send, _ in
  ///   for try await line in file.lines { await send.waitingForRoom(.line(line)) }
  /// }
  /// ```
  /// A `Send` made with ``init(_:)`` never waits.
  public func waitingForRoom(_ event: Event) async {
    if let waitForRoom { await waitForRoom() }
    deliver(event)
  }
}
