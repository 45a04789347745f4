#if canImport(Combine)
  public import Combine
#else
  public import OpenCombine
#endif
public import FeedbackLoop

/// A Combine `Scheduler` that runs its actions through a ``FeedbackLoop/LoopScheduler``, on
/// that scheduler's time.
///
/// Built on `FeedbackLoopTesting.TestScheduler`, it puts the time operators of a publisher
/// effect — `.delay`, `.debounce`, `.throttle`, `.timeout`, `.receive(on:)` — on virtual
/// time: they fire when the test advances the scheduler, the same way on every run.
///
/// ```swift
/// func search(_ scheduler: LoopCombineScheduler) -> System<Search, SearchEvent> {
///   System(initial: Search()) {
///     Reducer(Search.reduce)
///     Feedback.skippingRepeated("search", { $0.query }) { query in
///       .publisher(
///         Just(SearchEvent.didSearch(query))
///           .delay(for: .milliseconds(300), scheduler: scheduler))  // a newer query cancels it
///     }
///   }
/// }
///
/// @Test func searchesOnceTypingPauses() {
///   let scheduler = TestScheduler()
///   let loop = LoopRecorder(search(scheduler.combine), scheduler: scheduler)
///   loop.send(.type("f")) { $0.query = "f" }
///   scheduler.advance(by: .milliseconds(100))
///   loop.send(.type("fe")) { $0.query = "fe" }  // cancels the search for "f"
///   scheduler.advance(by: .milliseconds(300))
///   loop.receive(.didSearch("fe")) { $0.results = ["feedback"] }
/// }
/// ```
///
/// In an app, give it the loop's own scheduler (`QueueScheduler`) or use Dispatch's.
/// Tolerances are ignored; `SchedulerOptions` is `Never`.
///
/// - Complexity: each `schedule` is one call of the loop scheduler's (O(log n) for a
///   `TestScheduler` with n pending actions).
public struct LoopCombineScheduler: Scheduler, Sendable {
  /// The loop scheduler that runs the actions.
  let base: any LoopScheduler

  /// A Combine scheduler running its actions on `base`.
  public init(_ base: any LoopScheduler) {
    self.base = base
  }

  /// The base scheduler's current time.
  public var now: SchedulerTimeType {
    SchedulerTimeType(nanoseconds: base.now.wholeNanoseconds)
  }

  /// Zero: actions run when they are due.
  public var minimumTolerance: SchedulerTimeType.Stride { .zero }

  /// Runs `action` as soon as possible, after the actions already due.
  public func schedule(options: Never?, _ action: @escaping () -> Void) {
    base.schedule(UncheckedAction(action).owned(by: EffectTimers.current).run)
  }

  /// Runs `action` at `date` (at once, after the actions due, if `date` has passed).
  ///
  /// Scheduled by a publisher effect (``FeedbackLoop/Effect/publisher(_:)``), the action is
  /// cancelled when that effect finishes or is cancelled, if it has not run yet.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
    _ action: @escaping () -> Void
  ) {
    let delay = Duration.nanoseconds(date.nanoseconds &- base.now.wholeNanoseconds)
    guard let owner = EffectTimers.current else {
      base.schedule(after: delay, UncheckedAction(action).run)
      return
    }
    owner.schedule(on: base, after: delay, UncheckedAction(action))
  }

  /// Runs `action` at `date`, then every `interval`, until the returned value is cancelled
  /// (or, scheduled by a publisher effect, until that effect ends).
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
    options: Never?, _ action: @escaping () -> Void
  ) -> any Cancellable {
    let owner = EffectTimers.current
    let repeating = RepeatingAction(
      base: base, interval: max(interval.nanoseconds, 1), action: UncheckedAction(action).owned(by: owner))
    owner?.adopt(repeating)
    repeating.arm(at: date.nanoseconds)
    return repeating
  }
}

extension LoopScheduler {
  /// This scheduler as a Combine `Scheduler`, for the time operators of publisher effects.
  ///
  /// ```swift
  /// let scheduler = TestScheduler()
  /// let debounced = events.debounce(for: .seconds(1), scheduler: scheduler.combine)
  /// ```
  public var combine: LoopCombineScheduler { LoopCombineScheduler(self) }
}

extension Duration {
  /// The duration in whole nanoseconds, clamped to `Int64`.
  var wholeNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    return scaled &+ attoseconds / 1_000_000_000
  }
}
