import Dispatch
import FeedbackGraph
import FeedbackLoop
@testable import FeedbackLoopTesting
import Synchronization
import Testing
import FeedbackLoopSupport

/// The handles `TestScheduler.schedule(after:)` returns: a reference to the scheduler's one
/// canceller plus the action's slot and the slot's generation (no object per action), and
/// the self-contained handles other schedulers make with `ScheduledAction()`.
@Suite struct ScheduledActionHandleTests {
  /// Counts how often each of `count` actions ran.
  final class Runs: Sendable {
    let counts: Protected<[Int]>
    init(_ count: Int) { counts = Protected(Array(repeating: 0, count: count)) }
    func record(_ index: Int) { counts.withLock { $0[index] += 1 } }
    var all: [Int] { counts.withLock { $0 } }
  }

  @Test func anActionCancelledBeforeItRunsNeverRuns() {
    let scheduler = TestScheduler(), runs = Runs(2)
    let handle = scheduler.schedule(after: .seconds(1)) { runs.record(0) }
    scheduler.schedule(after: .seconds(1)) { runs.record(1) }
    handle.cancel()
    #expect(handle.isCancelled)
    handle.cancel()  // idempotent
    #expect(scheduler.pending == [PendingAction(due: .seconds(1), label: nil)])
    scheduler.advance(by: .seconds(2))
    #expect(runs.all == [0, 1])
    // Once the scheduler has dropped the action, it no longer tracks it (documented).
    #expect(!handle.isCancelled)
  }

  @Test func cancellingAfterTheActionRanDoesNothing() {
    let scheduler = TestScheduler(), runs = Runs(2)
    let first = scheduler.schedule(after: .seconds(1)) { runs.record(0) }
    scheduler.schedule(after: .seconds(2)) { runs.record(1) }
    scheduler.advance(by: .seconds(1))
    first.cancel()
    #expect(!first.isCancelled)
    #expect(scheduler.pending == [PendingAction(due: .seconds(2), label: nil)])
    scheduler.advance(by: .seconds(1))
    #expect(runs.all == [1, 1])
  }

  @Test func aStaleHandleDoesNotCancelTheActionThatReusedItsSlot() {
    let scheduler = TestScheduler(), runs = Runs(3)
    let ran = scheduler.schedule(after: .seconds(1)) { runs.record(0) }
    scheduler.advance(by: .seconds(1))
    let dropped = scheduler.schedule(after: .seconds(1)) { runs.record(1) }
    dropped.cancel()
    scheduler.advance(by: .seconds(1))
    // Both actions used slot 0; the next one reuses it again, with a newer generation.
    let current = scheduler.schedule(after: .seconds(1)) { runs.record(2) }
    #expect(scheduler.storage.withLock { $0.actions.count } == 1)
    ran.cancel()
    dropped.cancel()
    #expect(!current.isCancelled)
    #expect(scheduler.pending == [PendingAction(due: .seconds(3), label: nil)])
    scheduler.advance(by: .seconds(1))
    #expect(runs.all == [1, 0, 1])
  }

  @Test func handlesCancelFromAnotherThreadWhileTimeMoves() {
    // 2,000 actions 1 ms apart; another thread cancels the odd ones (last first) while this
    // thread moves through the first second. Then the rest: every odd action of the second
    // second was cancelled before time reached it, so none of them runs.
    let count = 2_000
    let scheduler = TestScheduler(), runs = Runs(count)
    let handles = (0..<count).map { index in
      scheduler.schedule(after: .milliseconds(index + 1)) { runs.record(index) }
    }
    let group = DispatchGroup(), started = DispatchSemaphore(value: 0)
    DispatchQueue.global().async(group: group) {
      started.signal()
      for index in stride(from: count - 1, through: 0, by: -2) { handles[index].cancel() }
    }
    started.wait()  // both threads now run at once
    for _ in 0..<count / 2 { scheduler.advance(by: .milliseconds(1)) }
    group.wait()
    let secondHalf = count / 2..<count
    #expect(secondHalf.allSatisfy { handles[$0].isCancelled == !$0.isMultiple(of: 2) })
    #expect(scheduler.pending.count == count / 4)
    scheduler.run()
    let all = runs.all
    #expect(all.allSatisfy { $0 <= 1 })
    #expect((0..<count).filter { $0.isMultiple(of: 2) }.allSatisfy { all[$0] == 1 })
    #expect(secondHalf.filter { !$0.isMultiple(of: 2) }.allSatisfy { all[$0] == 0 })
    #expect(scheduler.pending.isEmpty)
  }

  @Test func cancellingLetsGoOfTheActionAtOnce() {
    final class Payload: Sendable {}
    let scheduler = TestScheduler()
    weak var released: Payload?
    let handle: ScheduledAction
    do {
      let payload = Payload()
      released = payload
      handle = scheduler.schedule(after: .seconds(1)) { _ = payload }
    }
    #expect(released != nil)
    handle.cancel()
    #expect(released == nil)
  }

  @Test func aPendingActionHoldingItsOwnHandleIsFreedWithTheScheduler() {
    final class Holder: Sendable {
      let handle = Mutex<ScheduledAction?>(nil)
    }
    weak var gone: Holder?
    let escaped: ScheduledAction
    do {
      let scheduler = TestScheduler()
      let holder = Holder()
      gone = holder
      let handle = scheduler.schedule(after: .seconds(1)) { _ = holder }
      holder.handle.withLock { $0 = handle }
      escaped = handle
    }
    // The scheduler's actions hold the handle, the handle its canceller; the canceller
    // holds the scheduler's storage weakly, so no cycle keeps the action alive.
    #expect(gone == nil)
    // The scheduler is gone, so the action can never run: cancelling is a no-op.
    escaped.cancel()
    #expect(!escaped.isCancelled)
  }

  @Test func aSelfContainedHandleRemembersItsCancellationInEveryCopy() {
    let handle = ScheduledAction()
    let copy = handle
    #expect(!copy.isCancelled)
    handle.cancel()
    #expect(copy.isCancelled)
    #expect(handle.isCancelled)
  }
}
