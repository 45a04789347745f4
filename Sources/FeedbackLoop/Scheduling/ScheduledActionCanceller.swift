/// What cancels actions a scheduler keeps track of itself, so that their
/// ``ScheduledAction`` handles need no storage of their own.
///
/// A scheduler gives each cancellable action a `token` (for instance its slot in a table
/// and the slot's generation) and returns `ScheduledAction(canceller: self, token: token)`.
public protocol ScheduledActionCanceller: AnyObject, Sendable {
  /// Keeps the action `token` names from running. Must be thread-safe, O(1) and
  /// idempotent, and do nothing once that action has run or been dropped — even when its
  /// bookkeeping now serves another action.
  func cancelAction(_ token: UInt64)

  /// Whether the action `token` names was cancelled (see ``ScheduledAction/isCancelled``).
  func isActionCancelled(_ token: UInt64) -> Bool
}
