/// The one abstraction a loop uses for ordering and time.
///
/// A ``Loop`` never touches threads, timers or clocks directly: it asks its scheduler to
/// run its reductions (``schedule(_:)``), to fire timers (``schedule(after:_:)``), to give
/// its async effects a clock to sleep on (``clock``) and an executor to run on
/// (``taskExecutor``). Swapping the scheduler is what makes a loop deterministic in tests:
/// `FeedbackLoopTesting.TestScheduler` implements this protocol with virtual time.
///
/// The library ships ``InlineScheduler`` (runs work on the calling thread),
/// ``QueueScheduler`` (a serial Dispatch queue) and ``MainQueueScheduler`` (the main queue,
/// for views).
///
/// Requirements on conformers:
/// - Actions given to ``schedule(_:)`` run in the order they were scheduled.
/// - Actions with equal deadlines run in the order they were scheduled.
/// - A cancelled ``ScheduledAction`` never runs.
public protocol LoopScheduler: AnyObject, Sendable {
  /// The time elapsed since the scheduler's origin (its creation, for real schedulers;
  /// zero for virtual time).
  var now: Duration { get }

  /// Runs `action` as soon as possible, after the actions already scheduled to run now.
  func schedule(_ action: @escaping @Sendable () -> Void)

  /// Runs `action` once `delay` has elapsed on this scheduler's time.
  ///
  /// - Returns: a handle whose ``ScheduledAction/cancel()`` prevents the action from running.
  @discardableResult
  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction

  /// The clock that async effects sleep on. Its durations are this scheduler's time.
  /// `ContinuousClock` unless a scheduler says otherwise.
  var clock: any Clock<Duration> { get }

  /// The executor that async effects run on, or `nil` for Swift's global executor.
  ///
  /// A test scheduler returns its own executor so that effects run only when the test
  /// advances time. `nil` unless a scheduler says otherwise.
  var taskExecutor: (any TaskExecutor)? { get }

  /// Whether ``schedule(_:)`` runs its action at once, on the calling thread, before
  /// returning. A loop then runs its turn directly instead of wrapping it in a closure.
  /// `false` unless a scheduler says otherwise.
  var runsActionsInline: Bool { get }
}

extension LoopScheduler {
  /// `false`: actions run later, when the scheduler gets to them.
  public var runsActionsInline: Bool { false }

  /// `ContinuousClock`: async effects sleep in real time.
  public var clock: any Clock<Duration> { ContinuousClock() }

  /// None: async effects run on Swift's global executor.
  public var taskExecutor: (any TaskExecutor)? { nil }
}
