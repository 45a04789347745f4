import FeedbackLoop
import FeedbackGraph
import FeedbackLoopSupport

/// What a ``TestScheduler``'s ``ScheduledAction`` handles point to: one object per
/// scheduler, so that a handle is a reference to it (retained, not allocated) plus a token,
/// the action's slot and the slot's generation.
///
/// It holds the scheduler's storage weakly: actions often capture the handle that cancels
/// them, and a strong reference would then keep the scheduler alive through its own
/// actions. Once the scheduler is gone, cancelling does nothing (nothing can run).
///
/// A generation is 32 bits: a handle kept while its slot is reused 2³² times more could
/// match again (about 4 billion actions through one slot while the handle is held).
final class SlotCanceller: ScheduledActionCanceller {
  weak let storage: Protected<TestScheduler.Storage>?

  init(storage: Protected<TestScheduler.Storage>) {
    self.storage = storage
  }

  /// Marks the action cancelled if its slot still holds it (same generation), and lets go
  /// of its closure — outside the lock, since releasing it may run arbitrary `deinit`s.
  func cancelAction(_ token: UInt64) {
    guard let storage else { return }
    let dropped = storage.withLock { $0.cancel(token) }
    _ = dropped
  }

  func isActionCancelled(_ token: UInt64) -> Bool {
    storage?.withLock { $0.isCancelled(token) } ?? false
  }
}

extension TestScheduler.Storage {
  /// The slot a token names, if it still holds the action the token was made for.
  func slot(of token: UInt64) -> Int? {
    let slot = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: token))
    let generation = UInt32(truncatingIfNeeded: token >> 32)
    guard slot < actions.count, actions[slot].generation == generation else { return nil }
    return slot
  }

  /// Cancels the action `token` names, unless it already ran or was dropped; returns its
  /// closure, for the caller to release outside the lock.
  mutating func cancel(_ token: UInt64) -> (@Sendable () -> Void)? {
    guard let slot = slot(of: token), !actions[slot].cancelled else { return nil }
    actions[slot].cancelled = true
    var run = TestScheduler.Action.nothing
    swap(&run, &actions[slot].run)
    return run
  }

  /// Whether the action `token` names is cancelled and not yet dropped.
  func isCancelled(_ token: UInt64) -> Bool {
    slot(of: token).map { actions[$0].cancelled } ?? false
  }
}
