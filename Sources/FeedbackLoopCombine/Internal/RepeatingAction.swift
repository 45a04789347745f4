#if canImport(Combine)
  internal import Combine
#else
  internal import OpenCombine
#endif
import FeedbackLoop
import Synchronization

/// A repeating action on a `LoopScheduler`: it re-arms itself after each run at the next
/// multiple of its interval, until cancelled.
final class RepeatingAction: Cancellable, Sendable {
  let base: any LoopScheduler
  let interval: Int64
  let action: UncheckedAction
  private let pending = Mutex<(handle: ScheduledAction?, cancelled: Bool)>((nil, false))

  init(base: any LoopScheduler, interval: Int64, action: UncheckedAction) {
    self.base = base
    self.interval = interval
    self.action = action
  }

  /// Schedules the next run at `due` (nanoseconds of the base scheduler's time).
  func arm(at due: Int64) {
    let handle = base.schedule(after: .nanoseconds(due &- base.now.wholeNanoseconds)) { [self] in
      guard !pending.withLock({ $0.cancelled }) else { return }
      action.body()
      arm(at: due &+ interval)
    }
    let cancelled = pending.withLock { pending -> Bool in
      if !pending.cancelled { pending.handle = handle }
      return pending.cancelled
    }
    if cancelled { handle.cancel() }
  }

  func cancel() {
    let handle = pending.withLock { pending -> ScheduledAction? in
      pending.cancelled = true
      defer { pending.handle = nil }
      return pending.handle
    }
    handle?.cancel()
  }
}
