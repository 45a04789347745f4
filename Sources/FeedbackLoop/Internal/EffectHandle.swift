import Synchronization
public import FeedbackGraph

/// One running async effect: its id, its feedback, its task, and whether it is running,
/// finished or cancelled. The first of `finish()` and `cancel()` wins; the other is a no-op.
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
  }

  init(id: EffectID, feedback: Int) {
    self.id = id
    self.feedback = feedback
  }

  @usableFromInline var isCancelled: Bool { status.load(ordering: .acquiring) == Status.cancelled }

  func attach(_ task: Task<Void, Never>) {
    self.task.withLock { $0 = task }
    if isCancelled { task.cancel() }
  }

  /// Marks the effect finished. Returns `false` if it was already finished or cancelled.
  @usableFromInline func finish() -> Bool {
    status.compareExchange(expected: Status.running, desired: Status.finished, ordering: .acquiringAndReleasing)
      .exchanged
  }

  /// Cancels the effect and its task. Returns `false` if it was already finished or cancelled.
  @usableFromInline func cancel() -> Bool {
    guard
      status.compareExchange(expected: Status.running, desired: Status.cancelled, ordering: .acquiringAndReleasing)
        .exchanged
    else { return false }
    task.withLock { $0?.cancel() }
    resumeWaiters()
    return true
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
