public import FeedbackLoop
import HeapModule

import IssueReporting
public import Synchronization
import FeedbackGraph
import FeedbackLoopSupport

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
///   scheduler.advance(by: .seconds(29))  // nothing yet
///   scheduler.advance(by: .seconds(1))  // the timer fires at 30 s
///   loop.receive(.tick, from: "timer") { $0 = .green }
///   loop.skipInFlightEffects()
/// }
/// ```
///
/// Tasks that the loop's work starts while the test moves time — an unstructured
/// `Task { }` in a `Feedback.states` sequence, the tasks inside swift-async-algorithms'
/// `debounce` — run on this scheduler too, not on Swift's global executor: the test kit
/// watches the jobs enqueued on the thread that moves time (see `StartedTasks`). A test
/// that also uses swift-concurrency-extras' `withMainSerialExecutor` should call it before
/// creating the first `TestScheduler`: that function restores the hook it found, and it
/// would find and keep this one.
///
/// Thread-safe; actions and jobs run on the thread that moves time, with the scheduler's
/// lock released.
///
/// - Complexity: scheduling is O(log n), cancelling O(1) (a cancelled action is dropped
///   when it reaches the front), running the next action O(log n), for n pending actions.
public final class TestScheduler: LoopScheduler, TaskExecutor {
  /// A heap entry: 16 bytes, plain integers — the due time, and a key whose high 32 bits
  /// are the scheduling sequence (ties run in scheduling order) and whose low 32 bits are
  /// the action's slot in `Storage.actions`. Sifting moves 16 bytes and compares integers.
  struct Entry: Comparable {
    var due: Int64  // nanoseconds of virtual time
    var key: UInt64  // sequence << 32 | slot

    init(due: Int64, sequence: UInt32, slot: UInt32) {
      self.due = due
      self.key = UInt64(sequence) << 32 | UInt64(slot)
    }

    var slot: Int { Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: key)) }

    static func < (lhs: Entry, rhs: Entry) -> Bool {
      lhs.due != rhs.due ? lhs.due < rhs.due : lhs.key < rhs.key
    }
  }

  /// What a slot holds: the action to run when its entry comes due, whether it was
  /// cancelled, and the slot's generation — bumped each time the slot is freed, so that a
  /// ``ScheduledAction`` on an earlier occupant no longer matches (see `SlotCanceller`).
  struct Action {
    var run: @Sendable () -> Void
    var generation: UInt32
    var cancelled = false

    /// What a free or cancelled slot runs: a closure without context (storing it allocates
    /// nothing).
    static let nothing: @Sendable () -> Void = {}
  }

  struct Storage {
    var now: Int64 = 0
    /// The next entry's sequence; renumbered (``renumber()``) before it would wrap.
    var sequence: UInt32 = 0
    var heap = Heap<Entry>()
    /// Actions by slot; freed slots are reused.
    var actions: ContiguousArray<Action> = []
    var freeSlots: [UInt32] = []
    /// The labels of the labelled actions, by slot.
    var labels: [Int: String] = [:]
    /// Jobs of tasks that prefer this executor, ready to run, in FIFO order.
    var jobs: [UnownedJob] = []
    var jobsHead = 0

    /// Stores `run` in a free slot (or a new one) and pushes its entry; returns the token
    /// that names it to `SlotCanceller`: the slot's generation << 32 | the slot.
    mutating func insert(_ run: @escaping @Sendable () -> Void, due: Int64, label: String?) -> UInt64 {
      let slot: UInt32
      let generation: UInt32
      if let free = freeSlots.popLast() {
        slot = free
        generation = actions[Int(slot)].generation
        actions[Int(slot)].run = run
      } else {
        slot = UInt32(actions.count)
        generation = 0
        actions.append(Action(run: run, generation: 0))
      }
      if let label { labels[Int(slot)] = label }
      if sequence == .max { renumber() }
      heap.insert(Entry(due: due, sequence: sequence, slot: slot))
      sequence &+= 1
      return UInt64(generation) << 32 | UInt64(slot)
    }

    /// Gives the pending entries the sequences 0, 1, … in their order, so that a scheduler
    /// can schedule more than 2³² actions in its life and ties still run in scheduling order.
    mutating func renumber() {
      let entries = heap.unordered.sorted()
      heap = Heap(
        entries.enumerated().map { index, entry in
          Entry(due: entry.due, sequence: UInt32(index), slot: UInt32(entry.slot))
        })
      sequence = UInt32(entries.count)
    }

    /// Moves the action out of its slot (no reference counting) and frees the slot, with
    /// the next generation: from now on, handles on the action taken do nothing.
    mutating func take(_ slot: Int) -> Action {
      var action = Action(run: Action.nothing, generation: actions[slot].generation &+ 1)
      swap(&action, &actions[slot])
      freeSlots.append(UInt32(truncatingIfNeeded: slot))
      if !labels.isEmpty { labels[slot] = nil }
      return action
    }
  }

  /// `duration` in whole nanoseconds, clamped (`clampedNanoseconds`). A non-negative
  /// duration under about 292 years, every delay a test schedules, takes one 128-by-64-bit
  /// division instead of `Duration.components`' general one.
  static func nanoseconds(_ duration: Duration) -> Int64 {
    let attoseconds = duration.attoseconds
    let high = UInt64(truncatingIfNeeded: attoseconds >> 64)
    guard attoseconds >= 0, high < 500_000_000 else { return duration.clampedNanoseconds }
    let low = UInt64(truncatingIfNeeded: attoseconds)
    return Int64(truncatingIfNeeded: UInt64(1_000_000_000).dividingFullWidth((high, low)).quotient)
  }

  let storage: Protected<Storage>
  /// What the handles ``schedule(after:label:_:)`` returns point to: one object for all of
  /// them, so that scheduling allocates no handle.
  let canceller: SlotCanceller
  /// `Storage.now`, readable without the lock (written under it).
  @usableFromInline let reading = Atomic<Int64>(0)
  /// Whether `Storage.jobs` may hold a job (set under the lock by `enqueue`, cleared under
  /// it when the jobs run out), so that moving time past an action takes no lock for jobs
  /// when there are none.
  let hasJobs = Atomic<Bool>(false)

  /// Creates a scheduler at virtual time zero.
  public init() {
    let storage = Protected(Storage())
    self.storage = storage
    canceller = SlotCanceller(storage: storage)
    _ = StartedTasks.installed
  }

  /// The current virtual time.
  /// - Complexity: O(1), lock-free.
  @inlinable
  public var now: Duration { .nanoseconds(nowNanoseconds) }

  /// ``now`` in nanoseconds.
  @inlinable
  var nowNanoseconds: Int64 { reading.load(ordering: .acquiring) }

  /// The clock async effects sleep on: it reads and waits on this scheduler's virtual time.
  public var clock: any Clock<Duration> { VirtualClock(scheduler: self) }

  /// This scheduler, as the executor that async effects run on.
  public var taskExecutor: (any TaskExecutor)? { self }

  // MARK: Scheduling

  /// Runs `action` at the current time, after the actions already due.
  /// - Complexity: O(log n).
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    _ = insert(action, after: .zero, label: nil)
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
  public func schedule(after delay: Duration, label: String?, _ action: @escaping @Sendable () -> Void)
    -> ScheduledAction
  {
    ScheduledAction(canceller: canceller, token: insert(action, after: delay, label: label))
  }

  /// Schedules `action` after `delay`; returns its token for `SlotCanceller`.
  func insert(_ action: @escaping @Sendable () -> Void, after delay: Duration, label: String?) -> UInt64 {
    let delay = max(Self.nanoseconds(delay), 0)
    return storage.withLock { storage in
      storage.insert(action, due: storage.now + delay, label: label)
    }
  }

  /// Schedules `action` at an absolute virtual time (for the clock), or now when that time
  /// has passed. The time is compared with `now` under the lock, so that a thread moving
  /// time meanwhile cannot make the action late.
  func schedule(at due: Duration, label: String?, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
    let due = due.clampedNanoseconds
    let token = storage.withLock { storage in
      storage.insert(action, due: max(due, storage.now), label: label)
    }
    return ScheduledAction(canceller: canceller, token: token)
  }

  // MARK: Executor

  /// Takes a job of a task that prefers this executor; it runs when the test moves time.
  public func enqueue(_ job: consuming ExecutorJob) {
    enqueueStarted(UnownedJob(job))
  }

  /// Takes a job: one of a task that prefers this executor, or one that Swift's global
  /// executor would have run, enqueued while this scheduler moves time (`StartedTasks`).
  func enqueueStarted(_ unowned: UnownedJob) {
    storage.withLock { storage in
      storage.jobs.append(unowned)
      hasJobs.store(true, ordering: .releasing)
    }
  }

  /// Runs ready jobs until none is left (jobs may enqueue more jobs).
  func runJobs() {
    guard hasJobs.load(ordering: .acquiring) else { return }
    while let job = storage.withLock({ storage -> UnownedJob? in
      guard storage.jobsHead < storage.jobs.count else {
        storage.jobs.removeAll(keepingCapacity: true)
        storage.jobsHead = 0
        hasJobs.store(false, ordering: .releasing)
        return nil
      }
      defer { storage.jobsHead += 1 }
      return storage.jobs[storage.jobsHead]
    }) {
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
