#if canImport(Combine)
  internal import Combine
#else
  internal import OpenCombine
#endif
import FeedbackLoop
import Synchronization

/// One subscription of a publisher effect: it forwards values to `send`, resumes the
/// effect's task when the publisher finishes, and is cancelled with the effect.
///
/// Cancellation may come before, during or after `start` (from another thread): whichever
/// comes first decides, the task is resumed exactly once, and a subscription made after
/// cancellation is cancelled at once.
final class PublisherSubscription: Sendable {
  private struct Phase {
    var finished: CheckedContinuation<Void, Never>?
    var cancellable: UncheckedCancellable?
    var cancelled = false
    var done = false
  }

  private let phase = Mutex(Phase())
  /// The timers the publisher's operators scheduled: cancelled when the effect ends.
  private let timers: EffectTimers

  init(timers: EffectTimers) {
    self.timers = timers
  }

  func start<P: Publisher>(
    _ publisher: P, send: Send<P.Output>, finished: CheckedContinuation<Void, Never>
  ) where P.Failure == Never {
    let proceed = phase.withLock { phase -> Bool in
      if phase.cancelled { return false }
      phase.finished = finished
      return true
    }
    guard proceed else {
      timers.end()
      finished.resume()
      return
    }
    let cancellable = publisher.sink(
      receiveCompletion: { [self] _ in finish() },
      receiveValue: { send($0) })
    let cancelNow = phase.withLock { phase -> Bool in
      if phase.cancelled { return true }
      if !phase.done { phase.cancellable = UncheckedCancellable(cancellable) }
      return false
    }
    if cancelNow { cancellable.cancel() }
  }

  /// The publisher finished: resume the effect's task.
  private func finish() {
    let finished = phase.withLock { phase -> CheckedContinuation<Void, Never>? in
      phase.done = true
      phase.cancellable = nil
      defer { phase.finished = nil }
      return phase.finished
    }
    timers.end()
    finished?.resume()
  }

  /// The effect was cancelled: cancel the subscription and resume the effect's task.
  func cancel() {
    let (cancellable, finished) = phase.withLock {
      phase -> (UncheckedCancellable?, CheckedContinuation<Void, Never>?) in
      guard !phase.cancelled, !phase.done else { return (nil, nil) }
      phase.cancelled = true
      defer {
        phase.cancellable = nil
        phase.finished = nil
      }
      return (phase.cancellable, phase.finished)
    }
    cancellable?.value.cancel()
    timers.end()
    finished?.resume()
  }
}

/// A subscription's `AnyCancellable`, kept under the lock above.
///
/// Why `@unchecked Sendable` is safe: it is only stored and taken under
/// `PublisherSubscription.phase`'s lock, and `cancel()` is thread-safe in Combine.
struct UncheckedCancellable: @unchecked Sendable {
  let value: AnyCancellable

  init(_ value: AnyCancellable) {
    self.value = value
  }
}
