import FeedbackLoop
import Testing

/// What `LoopScheduler` gives a scheduler that does not say otherwise (`ContinuousClock`,
/// Swift's global executor), and that the library's schedulers rely on it.
@Suite struct SchedulerDefaultsTests {
  /// A scheduler of a user's that writes only what the protocol cannot default.
  final class MinimalScheduler: LoopScheduler {
    var now: Duration { .zero }
    func schedule(_ action: @escaping @Sendable () -> Void) { action() }
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
      ScheduledAction()
    }
  }

  @Test func aSchedulerThatSaysNothingSleepsOnTheContinuousClockAndRunsEffectsOnTheGlobalExecutor() {
    let scheduler = MinimalScheduler()
    #expect(scheduler.clock is ContinuousClock)
    #expect(scheduler.taskExecutor == nil)
    #expect(!scheduler.runsActionsInline)
  }

  @Test func theRealSchedulersSleepInRealTimeAndOnlyTheQueueSchedulerIsAnExecutor() {
    let queue = QueueScheduler()
    #expect(InlineScheduler().clock is ContinuousClock)
    #expect(MainQueueScheduler().clock is ContinuousClock)
    #expect(queue.clock is ContinuousClock)
    #expect(InlineScheduler().taskExecutor == nil)
    #expect(MainQueueScheduler().taskExecutor == nil)
    #expect(queue.taskExecutor === queue)
  }
}
