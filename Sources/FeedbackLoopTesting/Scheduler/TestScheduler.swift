public import FeedbackLoop
import HeapModule

import IssueReporting
public import Synchronization
import FeedbackGraph

/// A scheduler with virtual time, for deterministic tests of feedback loops.
///
/// Time stands still until the test moves it: ``advance()``, ``advance(by:)``,
/// ``advance(to:)``, ``run(maxSteps:fileID:filePath:line:column:)`` or ``step()``. Scheduled
/// actions run in order of due time, and actions due at the same time run in the order they
/// were scheduled. Async effects sleep on its ``clock`` and run on its executor, so they too
/// run only while the test moves time — no wall-clock waits, no flakiness.
///
/// ```swift
/// @Test func timerTicks() {
///   let scheduler = TestScheduler()
///   let loop = LoopRecorder(TrafficLight.system, scheduler: scheduler)
///   scheduler.advance(by: .seconds(29))          // nothing yet
///   scheduler.advance(by: .seconds(1))           // the timer fires at 30 s
///   loop.receive(.tick, from: "timer") { $0 = .green }
///   loop.skipInFlightEffects()
/// }
/// ```
///
/// Thread-safe; actions and jobs run on the thread that moves time, with the scheduler's
/// lock released.
///
/// - Complexity: scheduling is O(log n), cancelling O(1) (a cancelled action is dropped
///   when it reaches the front), running the next action O(log n), for n pending actions.
public final class TestScheduler: LoopScheduler, TaskExecutor {
  /// A heap entry: only the ordering key and a slot in `Storage.actions`, so that sifting
  /// moves 24 bytes and compares two integers.
  struct Entry: Comparable {
    var due: Int64  // nanoseconds of virtual time
    var sequence: UInt64
    var slot: Int32

    static func < (lhs: Entry, rhs: Entry) -> Bool {
      lhs.due != rhs.due ? lhs.due < rhs.due : lhs.sequence < rhs.sequence
    }

    static func == (lhs: Entry, rhs: Entry) -> Bool {
      lhs.due == rhs.due && lhs.sequence == rhs.sequence
    }
  }

  /// What runs when an entry comes due (24 bytes: labels, which few actions have, are kept
  /// aside so that the table stays small).
  struct Action {
    var handle: ScheduledAction
    var run: @Sendable () -> Void
  }

  struct Storage {
    var now: Int64 = 0
    var sequence: UInt64 = 0
    var heap = Heap<Entry>()
    /// Actions by slot; freed slots are reused.
    var actions: [Action?] = []
    var freeSlots: [Int32] = []
    /// The labels of the labelled actions, by slot.
    var labels: [Int32: String] = [:]
    /// Jobs of tasks that prefer this executor, ready to run, in FIFO order.
    var jobs: [UnownedJob] = []
    var jobsHead = 0

    mutating func store(_ action: Action) -> Int32 {
      if let slot = freeSlots.popLast() {
        actions[Int(slot)] = action
        return slot
      }
      actions.append(action)
      return Int32(actions.count - 1)
    }

    mutating func take(_ slot: Int32) -> Action {
      defer {
        actions[Int(slot)] = nil
        freeSlots.append(slot)
        if !labels.isEmpty { labels[slot] = nil }
      }
      return actions[Int(slot)]!
    }
  }

  static func nanoseconds(_ duration: Duration) -> Int64 {
    duration.clampedNanoseconds
  }

  let storage = Protected(Storage())
  /// `Storage.now`, readable without the lock (written under it).
  @usableFromInline let reading = Atomic<Int64>(0)

  /// Creates a scheduler at virtual time zero.
  public init() {}

  /// The current virtual time.
  /// - Complexity: O(1), lock-free.
  @inlinable
  public var now: Duration { .nanoseconds(nowNanoseconds) }

  /// ``now`` in nanoseconds.
  @inlinable
  var nowNanoseconds: Int64 { reading.load(ordering: .acquiring) }

  /// The clock async effects sleep on: it reads and waits on this scheduler's virtual time.
  public var clock: any Clock<Duration> { TestClock(scheduler: self) }

  /// This scheduler, as the executor that async effects run on.
  public var taskExecutor: (any TaskExecutor)? { self }

  // MARK: Scheduling

  /// Runs `action` at the current time, after the actions already due.
  /// - Complexity: O(log n).
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    schedule(after: .zero, label: nil, action)
  }

  /// Runs `action` once `delay` of virtual time has passed.
  /// - Complexity: O(log n).
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
    schedule(after: delay, label: nil, action)
  }

  /// Runs `action` once `delay` has passed; `label` names it in ``pending`` and in failure
  /// messages.
  /// - Complexity: O(log n).
  @discardableResult
  public func schedule(after delay: Duration, label: String?, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
    let handle = ScheduledAction()
    let delay = max(Self.nanoseconds(delay), 0)
    storage.withLock { storage in
      storage.sequence += 1
      let slot = storage.store(Action(handle: handle, run: action))
      if let label { storage.labels[slot] = label }
      storage.heap.insert(Entry(due: storage.now + delay, sequence: storage.sequence, slot: slot))
    }
    return handle
  }

  /// Schedules `action` at an absolute virtual time (for the clock).
  func schedule(at due: Duration, label: String?, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
    let now = self.now
    return schedule(after: due - now, label: label, action)
  }

  // MARK: Executor

  /// Takes a job of a task that prefers this executor; it runs when the test moves time.
  public func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    storage.withLock { $0.jobs.append(unowned) }
  }

  /// Runs ready jobs until none is left (jobs may enqueue more jobs).
  func runJobs() {
    while let job = storage.withLock({ storage -> UnownedJob? in
      guard storage.jobsHead < storage.jobs.count else {
        storage.jobs.removeAll(keepingCapacity: true)
        storage.jobsHead = 0
        return nil
      }
      defer { storage.jobsHead += 1 }
      return storage.jobs[storage.jobsHead]
    }) {
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
