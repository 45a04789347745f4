import Synchronization
public import FeedbackGraph
import FeedbackLoopSupport

/// One async effect: its id, its feedback, its task, and where it is in its lifecycle.
///
/// **Lifecycle rule:** an effect finishes when its operation returns, before the event it
/// emitted last is reduced; only a running effect can be cancelled. So the handle is
/// *running* until its operation returns (``markReturned()``), then *returned* while the
/// loop still holds events it emitted, then *finished*; or *cancelled* while running. A
/// returned effect cannot be cancelled any more: ``cancel()`` ends it as finished and drops
/// its events not reduced yet (as a replaced state's synchronous `.send` events are dropped).
@usableFromInline
final class EffectHandle: Sendable {
  @usableFromInline let id: EffectID
  /// The index of the feedback that started it.
  @usableFromInline let feedback: Int
  private let status = Atomic<UInt8>(Status.running)
  private let task = Protected<Task<Void, Never>?>(nil)
  /// How many of this effect's events wait in the loop's queue.
  private let queued = Atomic<Int>(0)
  /// Producers suspended in ``waitForRoom()``.
  private let waiters = Protected<[CheckedContinuation<Void, Never>]>([])

  /// How many of one effect's events the loop holds before ``waitForRoom()`` suspends the
  /// producer; it resumes once half of them are reduced.
  @usableFromInline static let queueLimit = 256

  private enum Status {
    static let running: UInt8 = 0
    static let finished: UInt8 = 1
    static let cancelled: UInt8 = 2
    /// The operation returned; some of its events may still wait in the loop's queue.
    static let returned: UInt8 = 3
  }

  /// How ``cancel()`` ended an effect.
  @usableFromInline enum Ending: Sendable {
    /// It was running: it is cancelled, its task too.
    case cancelled
    /// Its operation had returned: it is finished, and its events not reduced yet are dropped.
    case finished
  }

  init(id: EffectID, feedback: Int) {
    self.id = id
    self.feedback = feedback
  }

  @usableFromInline var isCancelled: Bool { status.load(ordering: .acquiring) == Status.cancelled }

  /// Whether the operation is still running: only then may it emit.
  @usableFromInline var isRunning: Bool { status.load(ordering: .acquiring) == Status.running }

  /// Whether its queued events are still delivered: it is running, or it returned and has
  /// not been ended yet.
  @usableFromInline var delivers: Bool {
    let status = status.load(ordering: .acquiring)
    return status == Status.running || status == Status.returned
  }

  /// Whether the operation returned and the effect has not been ended yet.
  @usableFromInline var hasReturned: Bool { status.load(ordering: .acquiring) == Status.returned }

  /// How many of this effect's events wait in the loop's queue.
  @usableFromInline var queuedEvents: Int { queued.load(ordering: .acquiring) }

  func attach(_ task: Task<Void, Never>) {
    self.task.withLock { $0 = task }
    if isCancelled { task.cancel() }
  }

  /// Records that the operation returned: from here on it emits nothing and cannot be
  /// cancelled. Returns `false` if it was not running (already returned, or cancelled).
  @usableFromInline @discardableResult func markReturned() -> Bool {
    status.compareExchange(expected: Status.running, desired: Status.returned, ordering: .acquiringAndReleasing)
      .exchanged
  }

  /// Marks a returned effect finished. Returns `false` if it was not returned (still
  /// running, already finished, or cancelled).
  @usableFromInline func finish() -> Bool {
    let finished = status.compareExchange(
      expected: Status.returned, desired: Status.finished, ordering: .acquiringAndReleasing
    ).exchanged
    if finished { resumeWaiters() }
    return finished
  }

  /// Ends the effect: cancels it (and its task) while its operation runs; finishes it
  /// once the operation has returned. Returns `nil` if it had already ended.
  @usableFromInline func cancel() -> Ending? {
    if status.compareExchange(expected: Status.running, desired: Status.cancelled, ordering: .acquiringAndReleasing)
      .exchanged
    {
      task.withLock { $0?.cancel() }
      resumeWaiters()
      return .cancelled
    }
    return finish() ? .finished : nil
  }

  // MARK: Backpressure

  /// One more of this effect's events is queued.
  @usableFromInline func didQueue() {
    queued.add(1, ordering: .relaxed)
  }

  /// The loop took one of this effect's events off its queue.
  @usableFromInline func didDequeue() {
    let left = queued.subtract(1, ordering: .acquiringAndReleasing).newValue
    if left == Self.queueLimit / 2 { resumeWaiters() }
  }

  /// Returns once the loop holds fewer than ``queueLimit`` of this effect's events, or
  /// the effect ended.
  ///
  /// No wake-up is lost: a producer registers under the same lock that `didDequeue`
  /// takes after counting down, and re-checks the count there.
  func waitForRoom() async {
    guard hasNoRoom else { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumeNow = waiters.withLock { waiters -> Bool in
        guard hasNoRoom else { return true }
        waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  private var hasNoRoom: Bool {
    queued.load(ordering: .acquiring) >= Self.queueLimit && status.load(ordering: .acquiring) == Status.running
  }

  private func resumeWaiters() {
    let waiting = waiters.withLock { waiters in
      defer { waiters = [] }
      return waiters
    }
    for continuation in waiting { continuation.resume() }
  }
}
