import Dispatch

/// A scheduler backed by one serial Dispatch queue.
///
/// Every action runs on the queue, one at a time, in scheduling order, so a loop on this
/// scheduler reduces its events off the caller's thread. Delayed actions use the queue's
/// timers; async effects sleep on `ContinuousClock`.
public final class QueueScheduler: LoopScheduler {
  /// The serial queue all actions run on.
  public let queue: DispatchQueue
  private let origin = ContinuousClock.now

  /// Creates a scheduler on a new serial queue.
  /// - Parameter label: the queue's label, shown in debuggers and crash logs.
  public init(label: String = "FeedbackLoop.QueueScheduler") {
    self.queue = DispatchQueue(label: label)
  }

  public var now: Duration { ContinuousClock.now - origin }

  public func schedule(_ action: @escaping @Sendable () -> Void) {
    queue.async(execute: action)
  }

  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
    let handle = ScheduledAction()
    queue.asyncAfter(deadline: .now() + delay.timeInterval) {
      if !handle.isCancelled { action() }
    }
    return handle
  }

  public var clock: any Clock<Duration> { ContinuousClock() }

  public var taskExecutor: (any TaskExecutor)? { nil }
}
