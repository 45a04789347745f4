import FeedbackLoop
import Synchronization

/// The timers one publisher effect scheduled through a ``LoopCombineScheduler``: they die
/// with the effect.
///
/// Combine's time operators keep their timers themselves, and some keep them too long
/// (OpenCombine 0.14's `timeout` leaves a repeating timer scheduled after it fired and after
/// its subscription was cancelled). The effect knows when it ends; the operators do not.
/// So while an effect subscribes, and while an action it scheduled runs, it is the
/// ``current`` owner (a task-local, which synchronous code on any thread reads too), and
/// ``LoopCombineScheduler`` registers every timer scheduled meanwhile with it. When the
/// effect finishes or is cancelled, ``end()`` cancels what is still pending; a timer
/// scheduled after that is cancelled at once.
final class EffectTimers: Sendable {
  /// The effect whose code is running on this thread or task, if any.
  @TaskLocal static var current: EffectTimers?

  private struct Book {
    var pending: [Int: any PendingTimer] = [:]
    var next = 0
    var ended = false
  }

  private let book = Mutex(Book())

  /// Registers a repeating `timer`, or cancels it when the effect already ended.
  func adopt(_ timer: any PendingTimer) {
    let ended = book.withLock { book -> Bool in
      guard !book.ended else { return true }
      defer { book.next += 1 }
      book.pending[book.next] = timer
      return false
    }
    if ended { timer.cancel() }
  }

  /// Schedules `action` on `base` after `delay`, as a timer of this effect: it runs with
  /// this effect as the owner, and never once the effect ended.
  func schedule(on base: any LoopScheduler, after delay: Duration, _ action: UncheckedAction) {
    let key = book.withLock { book -> Int? in
      guard !book.ended else { return nil }
      defer { book.next += 1 }
      return book.next
    }
    guard let key else { return }
    let handle = base.schedule(after: delay) { [self] in
      _ = book.withLock { $0.pending.removeValue(forKey: key) }
      run(action.body)
    }
    let ended = book.withLock { book -> Bool in
      if !book.ended { book.pending[key] = handle }
      return book.ended
    }
    if ended { handle.cancel() }
  }

  /// The effect ended: cancels every timer it left pending. Idempotent.
  func end() {
    let pending = book.withLock { book -> [any PendingTimer] in
      book.ended = true
      defer { book.pending = [:] }
      return book.pending.sorted { $0.key < $1.key }.map(\.value)
    }
    for timer in pending { timer.cancel() }
  }

  /// Runs `body` with this effect as the current owner.
  func run(_ body: () -> Void) {
    Self.$current.withValue(self, operation: body)
  }
}

/// A timer an effect may leave behind: a one-shot ``FeedbackLoop/ScheduledAction`` or a
/// repeating action.
protocol PendingTimer: Sendable {
  func cancel()
}

extension ScheduledAction: PendingTimer {}
extension RepeatingAction: PendingTimer {}
