import Dispatch

/// A scheduler on the main Dispatch queue: the loop reduces its events and publishes its
/// states on the main thread, which is what SwiftUI views (and `LoopModel`) expect.
///
/// ```swift
/// let model = LoopModel(signIn, scheduler: MainQueueScheduler.shared)
/// ```
///
/// Every reduction and every timer runs on `DispatchQueue.main`, one at a time, in
/// scheduling order; `send` from any thread returns at once and the event is reduced on the
/// main queue's next pass. Async effects do **not** run on the main thread: they run on
/// Swift's global executor and sleep on `ContinuousClock`, so a slow effect never blocks
/// the interface (give one a scheduler of its own with ``Feedback/execute(on:)`` to choose
/// where it runs). The main queue runs while the main thread serves it: an app's run loop,
/// `dispatchMain()`, or an `async` `main` (the Swift Testing runner on Linux is one).
public final class MainQueueScheduler: LoopScheduler {
  /// One scheduler for every loop that runs on the main queue.
  public static let shared = MainQueueScheduler()

  private let origin = ContinuousClock.now

  /// Creates a scheduler on the main queue (``shared`` is the same thing, made once).
  public init() {}

  /// The time since the scheduler was made.
  public var now: Duration { ContinuousClock.now - origin }

  /// Runs `action` on the main queue, after the work already there.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    DispatchQueue.main.async(execute: action)
  }

  /// Runs `action` on the main queue after `delay` of real time, unless cancelled first.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
    DispatchQueue.main.scheduleCancellable(after: delay, action)
  }
}
