import FeedbackLoop
import FeedbackGraph
import FeedbackLoopSupport

/// The clock of a ``TestScheduler``: its `now` is the scheduler's virtual time and
/// `sleep(until:)` returns when the test advances the scheduler past the deadline.
///
/// Effects get it as the `clock` of `Effect.run` and `Feedback`'s operations; a cancelled
/// task's sleep throws `CancellationError` at once and its wake-up is cancelled.
package struct VirtualClock: Clock {
  /// A point in virtual time.
  package struct Instant: InstantProtocol {
    /// The time since the scheduler's origin.
    package var offset: Duration

    /// Creates an instant.
    package init(offset: Duration) { self.offset = offset }

    /// The instant `duration` later.
    package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    /// The virtual time from this instant to `other`.
    package func duration(to other: Instant) -> Duration { other.offset - offset }
    /// Whether `lhs` comes before `rhs`.
    package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  let scheduler: TestScheduler

  /// The scheduler's current virtual time.
  package var now: Instant { Instant(offset: scheduler.now) }

  /// Zero: virtual time has no granularity.
  package var minimumResolution: Duration { .zero }

  /// Suspends until the scheduler's virtual time reaches `deadline` (the test moves it); throws `CancellationError` when the task is cancelled first.
  package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let sleeper = Sleeper()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        sleeper.start(continuation) {
          scheduler.schedule(at: deadline.offset, label: "sleep until \(deadline.offset)") { sleeper.wake() }
        }
      }
    } onCancel: {
      sleeper.cancel()
    }
  }
}

/// One sleep: resumed exactly once, by its wake-up or by cancellation, whichever is first.
final class Sleeper: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Void, any Error>?
    var wakeUp: ScheduledAction?
    var cancelled = false
  }

  private let state = Protected(State())

  func start(_ continuation: CheckedContinuation<Void, any Error>, schedule: () -> ScheduledAction) {
    let alreadyCancelled = state.withLock { state -> Bool in
      if state.cancelled { return true }
      state.continuation = continuation
      return false
    }
    if alreadyCancelled {
      continuation.resume(throwing: CancellationError())
      return
    }
    let wakeUp = schedule()
    let cancelNow = state.withLock { state -> Bool in
      state.wakeUp = wakeUp
      return state.cancelled
    }
    if cancelNow { wakeUp.cancel() }
  }

  func wake() {
    state.withLock { state in
      defer { state.continuation = nil }; return state.continuation
    }?.resume()
  }

  func cancel() {
    let (continuation, wakeUp) = state.withLock { state in
      state.cancelled = true
      defer { state.continuation = nil }
      return (state.continuation, state.wakeUp)
    }
    wakeUp?.cancel()
    continuation?.resume(throwing: CancellationError())
  }
}
