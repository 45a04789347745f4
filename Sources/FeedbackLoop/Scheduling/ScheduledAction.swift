import Synchronization

/// A handle on an action scheduled for later; cancelling it keeps the action from running.
///
/// A value: copies are the same handle. It holds a reference to what can cancel the
/// action — a scheduler that tracks its actions itself (``init(canceller:token:)``, as
/// `TestScheduler` does, so that scheduling allocates no handle), or a small flag of its
/// own (``init()``, for schedulers that check the handle before running the action).
///
/// Thread-safe. Cancelling is O(1) and idempotent; an action cancelled before it runs never
/// runs, and cancelling once it has run does nothing.
///
/// - Note: This was a class before; handles are no longer compared with `===`.
public struct ScheduledAction: Sendable {
  private let canceller: any ScheduledActionCanceller
  private let token: UInt64

  /// Creates a self-contained handle, not cancelled, backed by a flag of its own (one
  /// allocation): a scheduler keeps a copy and checks ``isCancelled`` right before running
  /// the action.
  public init() {
    self.init(canceller: CancellationFlag(), token: 0)
  }

  /// Creates a handle whose ``cancel()`` and ``isCancelled`` ask `canceller` about the
  /// action `token` names (no allocation: `canceller` already exists).
  public init(canceller: any ScheduledActionCanceller, token: UInt64) {
    self.canceller = canceller
    self.token = token
  }

  /// Whether the action is cancelled: ``cancel()`` was called before it ran.
  ///
  /// A self-contained handle (``init()``) remembers this for ever. A scheduler that recycles
  /// its bookkeeping answers for as long as it tracks the action: `TestScheduler` answers
  /// `false` once it has dropped the action (when its due time is reached).
  public var isCancelled: Bool { canceller.isActionCancelled(token) }

  /// Keeps the action from running, if it has not run yet.
  /// - Complexity: O(1).
  public func cancel() {
    canceller.cancelAction(token)
  }
}

/// The flag behind a self-contained ``ScheduledAction``.
final class CancellationFlag: ScheduledActionCanceller {
  private let cancelled = Atomic<Bool>(false)

  func cancelAction(_ token: UInt64) {
    cancelled.store(true, ordering: .releasing)
  }

  func isActionCancelled(_ token: UInt64) -> Bool {
    cancelled.load(ordering: .acquiring)
  }
}
