import Synchronization
import FeedbackGraph

/// One running async effect: its id, its feedback, its task, and whether it is running,
/// finished or cancelled. The first of `finish()` and `cancel()` wins; the other is a no-op.
@usableFromInline
final class EffectHandle: Sendable {
  @usableFromInline let id: EffectID
  /// The index of the feedback that started it.
  @usableFromInline let feedback: Int
  private let status = Atomic<UInt8>(Status.running)
  private let task = Protected<Task<Void, Never>?>(nil)

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
    status.compareExchange(expected: Status.running, desired: Status.finished, ordering: .acquiringAndReleasing).exchanged
  }

  /// Cancels the effect and its task. Returns `false` if it was already finished or cancelled.
  @usableFromInline func cancel() -> Bool {
    guard status.compareExchange(expected: Status.running, desired: Status.cancelled, ordering: .acquiringAndReleasing).exchanged
    else { return false }
    task.withLock { $0?.cancel() }
    return true
  }
}
