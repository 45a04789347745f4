import FeedbackLoop
import FeedbackLoopTesting
import Testing
import FeedbackGraph
import FeedbackLoopSupport

@Suite(.timeLimit(.minutes(3))) struct TestSchedulerTests {
  final class Log: Sendable {
    let entries = Protected<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
  }

  @Test func equalDeadlinesRunInSchedulingOrder() {
    let scheduler = TestScheduler(), log = Log()
    for name in ["a", "b", "c", "d"] { scheduler.schedule(after: .seconds(1)) { log.add(name) } }
    scheduler.schedule(after: .milliseconds(500)) { log.add("early") }
    scheduler.advance(by: .seconds(1))
    #expect(log.all == ["early", "a", "b", "c", "d"])
  }

  @Test func advanceByRunsExactlyWhatIsDueAndLeavesNowAtTheTarget() {
    let scheduler = TestScheduler(), log = Log()
    scheduler.schedule(after: .seconds(1)) { log.add("1s at \(scheduler.now)") }
    scheduler.schedule(after: .seconds(2)) { log.add("2s") }
    scheduler.advance(by: .milliseconds(1_500))
    #expect(log.all == ["1s at 1.0 seconds"])  // `now` is the action's due time while it runs
    #expect(scheduler.now == .milliseconds(1_500))
    #expect(scheduler.pending == [PendingAction(due: .seconds(2), label: nil)])
  }

  @Test func actionsScheduledWhileAdvancingRunIfDue() {
    let scheduler = TestScheduler(), log = Log()
    scheduler.schedule(after: .seconds(1)) {
      log.add("first")
      scheduler.schedule(after: .seconds(1)) { log.add("second") }
      scheduler.schedule(after: .seconds(5)) { log.add("late") }
    }
    scheduler.advance(by: .seconds(3))
    #expect(log.all == ["first", "second"])
  }

  @Test func stepRunsExactlyOneAction() {
    let scheduler = TestScheduler(), log = Log()
    scheduler.schedule(after: .seconds(3)) { log.add("a") }
    scheduler.schedule(after: .seconds(7)) { log.add("b") }
    #expect(scheduler.step())
    #expect(log.all == ["a"])
    #expect(scheduler.now == .seconds(3))
    #expect(scheduler.step())
    #expect(!scheduler.step())
    #expect(log.all == ["a", "b"])
  }

  @Test func cancelledActionsNeverRun() {
    let scheduler = TestScheduler(), log = Log()
    let cancelled = scheduler.schedule(after: .seconds(1)) { log.add("cancelled") }
    scheduler.schedule(after: .seconds(1)) { log.add("kept") }
    cancelled.cancel()
    scheduler.run()
    #expect(log.all == ["kept"])
    #expect(scheduler.pending.isEmpty)
  }

  @Test func runStopsAnEndlessTimerAtItsBoundWithAClearFailure() {
    let scheduler = TestScheduler()
    @Sendable func rearm() { scheduler.schedule(after: .seconds(1), label: "heartbeat") { rearm() } }
    rearm()
    let messages = failureMessages { scheduler.run(maxSteps: 100) }
    #expect(
      messages == [
        "TestScheduler.run() stopped after 100 actions at 100.0 seconds with 1 still pending (due at 101.0 seconds (heartbeat)). A timer that re-arms forever never lets the scheduler finish: advance(by:) a fixed duration instead, or pass a larger maxSteps."
      ])
    #expect(scheduler.now == .seconds(100))
  }

  @Test func anAsyncSleepWakesAtItsDeadlineAndNotBefore() async {
    // 10,000 independent runs, each must behave identically.
    var outcomes: Set<String> = []
    for _ in 0..<10_000 {
      let scheduler = TestScheduler()
      let log = Log()
      let clock = scheduler.clock
      Task(executorPreference: scheduler.taskExecutor) {
        try await clock.sleep(for: .seconds(1))
        log.add("woke")
      }
      scheduler.advance(by: .milliseconds(999))
      let early = log.all
      scheduler.advance(by: .milliseconds(1))
      outcomes.insert("\(early) \(log.all)")
    }
    #expect(outcomes == ["[] [\"woke\"]"])
  }

  @Test func aCancelledSleepThrowsAndNeverWakes() async {
    let scheduler = TestScheduler(), log = Log()
    let clock = scheduler.clock
    let task = Task(executorPreference: scheduler.taskExecutor) {
      do {
        try await clock.sleep(for: .seconds(1))
        log.add("woke")
      } catch {
        log.add("\(type(of: error))")
      }
    }
    scheduler.advance()
    task.cancel()
    scheduler.advance(by: .seconds(2))
    #expect(log.all == ["CancellationError"])
    #expect(scheduler.pending.isEmpty)
  }

  @Test func unimplementedSchedulerReportsWhatTouchedIt() {
    let scheduler = UnimplementedLoopScheduler("analytics")
    let messages = failureMessages {
      scheduler.schedule(after: .seconds(1)) {}
      _ = scheduler.now
    }
    #expect(
      messages == [
        "UnimplementedLoopScheduler \"analytics\": schedule(after:) was called.",
        "UnimplementedLoopScheduler \"analytics\": now was called.",
      ])
  }
}
