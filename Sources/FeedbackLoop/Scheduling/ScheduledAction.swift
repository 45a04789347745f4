import Synchronization

/// A handle on an action scheduled for later; cancelling it keeps the action from running.
///
/// Thread-safe. Cancelling is O(1) and idempotent; schedulers check ``isCancelled`` right
/// before running the action.
public final class ScheduledAction: Sendable {
  private let cancelled = Atomic<Bool>(false)

  /// Creates a handle that is not cancelled.
  public init() {}

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  /// Keeps the action from running, if it has not run yet.
  /// - Complexity: O(1).
  public func cancel() {
    cancelled.store(true, ordering: .releasing)
  }
}
