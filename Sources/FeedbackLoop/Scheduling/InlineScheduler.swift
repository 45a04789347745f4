import Dispatch

/// A scheduler that runs work at once, on the thread that asks for it.
///
/// The fastest scheduler: a loop on it reduces an event inside `send` itself. Delayed
/// actions run on a Dispatch timer after real time has passed, and async effects sleep on
/// `ContinuousClock`.
///
/// A loop never recurses through this scheduler: events emitted while the loop is busy are
/// queued and handled by the loop's running turn, so the stack stays flat.
public final class InlineScheduler: LoopScheduler {
  private let origin = ContinuousClock.now

  /// Creates an immediate scheduler.
  public init() {}

  /// The time since the scheduler was made.
  public var now: Duration { ContinuousClock.now - origin }

  /// Runs `action` at once, on the calling thread.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    action()
  }

  /// Runs `action` on a Dispatch timer after `delay` of real time, unless cancelled first.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
    DispatchQueue.global().scheduleCancellable(after: delay, action)
  }

  /// `true`: ``schedule(_:)`` runs its action before returning.
  public var runsActionsInline: Bool { true }
}

extension Duration {
  /// The duration in seconds, for Dispatch.
  var timeInterval: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
