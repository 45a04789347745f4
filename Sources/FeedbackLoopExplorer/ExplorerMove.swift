/// One move of a replayed explorer path: an event sent from outside, or an event a
/// feedback's running effect emits (its recorded emission, in place of the live effect).
///
/// ```swift
/// let moves: [ExplorerMove<UploadQueue.Event>] = [
///   .send(.enqueue("a")), .send(.enqueue("a")), .emitted(.uploaded, by: "upload"),
/// ]
/// let replay = explorer.replay(moves)
/// ```
public enum ExplorerMove<Event: Sendable>: Sendable {
  /// The outside sends `event` (`loop.send`).
  case send(Event)
  /// The running effect of the feedback named `feedback` emits `event` (an input or
  /// mediator feedback delivers it).
  case emitted(Event, by: String)
  /// The running effect of the feedback named `feedback` ends without an event
  /// (``Explorer/effectsMayEndSilently(_:)``).
  case ended(by: String)
  /// The choice with this index in the explored state (the explorer's order: the external
  /// events, then each effect in flight's samples), for events that cannot be written as
  /// Swift.
  case choice(Int)
}

/// What replaying moves with ``Explorer/replay(_:)`` showed: the path taken and the
/// findings on it (or why it could not be followed).
public struct ExplorerReplay<State: Sendable, Event: Sendable>: Sendable {
  /// The steps taken (events feedbacks sent at once included).
  public var path: ExplorerPath<State, Event>
  /// What the replay found on the path: broken invariants and undeclared transitions at
  /// the step they happen, a deadlock or a stuck state at its end. The exploration's own
  /// messages.
  public var findings: [ExplorerFinding<State, Event>]
  /// Why a move could not be replayed (`nil` when every move was): the path no longer
  /// exists, so the replay shows nothing about the finding.
  package var divergence: String?
}
