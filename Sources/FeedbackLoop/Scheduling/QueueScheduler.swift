public import Dispatch

/// A scheduler backed by one serial Dispatch queue.
///
/// Every action runs on the queue, one at a time, in scheduling order, so a loop on this
/// scheduler reduces its events off the caller's thread. Delayed actions use the queue's
/// timers; async effects sleep on `ContinuousClock`.
///
/// It is also a `TaskExecutor` for its queue: async effects of a loop on this scheduler,
/// or of a feedback with ``Feedback/execute(on:)`` this scheduler, run their code on the
/// queue (between their suspension points), interleaved with the scheduler's other
/// actions. An effect that blocks therefore blocks the queue: give blocking work its own
/// `QueueScheduler` with ``Feedback/execute(on:)``.
///
/// ```swift
/// let io = QueueScheduler(label: "io")
/// Feedback("save") { (state: Draft, _) in
///   try await store.save(state)
///   return nil
/// }
/// .execute(on: io)  // the effect's code runs on the "io" queue
/// ```
public final class QueueScheduler: LoopScheduler, TaskExecutor {
  /// The serial queue all actions run on.
  public let queue: DispatchQueue
  private let origin = ContinuousClock.now

  /// Creates a scheduler on a new serial queue.
  /// - Parameter label: the queue's label, shown in debuggers and crash logs.
  public init(label: String = "FeedbackLoop.QueueScheduler") {
    self.queue = DispatchQueue(label: label)
  }

  /// The time since the scheduler was made.
  public var now: Duration { ContinuousClock.now - origin }

  /// Runs `action` on the queue, after the work already there.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    queue.async(execute: action)
  }

  /// Runs `action` on the queue after `delay` of real time, unless cancelled first.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
    queue.scheduleCancellable(after: delay, action)
  }

  /// This scheduler: async effects run on ``queue``.
  public var taskExecutor: (any TaskExecutor)? { self }

  /// Runs `job` on ``queue``, after the work already queued (`TaskExecutor`).
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { [self] in
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}

extension DispatchQueue {
  /// Runs `action` on this queue after `delay` of real time, unless the returned handle is
  /// cancelled first.
  func scheduleCancellable(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
    let handle = ScheduledAction()
    asyncAfter(deadline: .now() + delay.timeInterval) {
      if !handle.isCancelled { action() }
    }
    return handle
  }
}
