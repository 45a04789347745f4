public import Dispatch
import FeedbackGraph

extension Loop {
  /// Stops the loop: cancels every running effect and input subscription, drops queued
  /// events, and ignores later ones (``idle()`` first has the queued events reduced). Idempotent; safe from any thread, including from the
  /// loop's own observer, feedbacks and effects.
  ///
  /// What an `onStep` observer sees around a stop:
  /// - a ``LoopStep/effectCancelled(_:feedback:)`` for each effect the stop cancelled,
  ///   then ``LoopStep/stopped``, and nothing after it;
  /// - never two calls at once. When no turn is executing, the stop is reported on the
  ///   caller's thread before `stop()` returns. When a turn is executing on another thread,
  ///   that turn finishes the step it is in and reports the stop as it ends, and `stop()`
  ///   waits for it: either way the `onStep` observer has seen `.stopped` when `stop()` returns.
  ///   Called from inside the turn (a feedback, an effect's synchronous code, the `onStep` observer),
  ///   `stop()` returns at once and the turn reports the stop as it ends. Effects are
  ///   cancelled at once in every case. (So an observer must not wait for the thread that
  ///   calls `stop()`: that thread waits for the `onStep` observer.)
  /// - an ``LoopStep/effectEmitted(_:feedback:event:)`` is followed by that event's
  ///   reduction unless `.stopped` comes first (a stop drops queued events). Effects that
  ///   a feedback would start after the stop do not start and are not reported; the step
  ///   the turn was in when `stop()` was called completes (so the state may change once
  ///   more).
  public func stop() {
    let taken = shared.withLock {
      shared -> (
        handles: [EffectHandle], subscriptions: [@Sendable () -> Void], idleWaiters: [CheckedContinuation<Void, Never>]
      )? in
      guard !shared.stopped else { return nil }
      shared.stopped = true
      shared.queue.removeAll()
      let handles = shared.running.values.sorted { $0.id < $1.id }
      shared.running = [:]
      defer {
        shared.subscriptions = []
        shared.idleWaiters = []
      }
      return (handles, shared.subscriptions, shared.idleWaiters)
    }
    guard let taken else { return }
    resume(taken.idleWaiters)  // a stopped loop is idle: its queue is dropped
    // Outside the lock: cancellation handlers and unsubscribers are user code, which may
    // call back into the loop.
    for unsubscribe in taken.subscriptions { unsubscribe() }
    // A handle's first ending wins; one whose operation returned finishes (the lifecycle rule).
    let cancelled = taken.handles.compactMap { handle in handle.cancel().map { EndedEffect(handle: handle, ending: $0) }
    }
    let next = shared.withLock { shared -> AfterStop in
      guard shared.turn == .executing else { return .reportNow }
      // The executing turn reports the stop as it ends; a caller on another thread waits
      // for that, so that the `onStep` observer has seen `.stopped` when stop() returns.
      let inside = shared.turnThread == currentThreadID()
      let reported = inside ? nil : DispatchSemaphore(value: 0)
      shared.stopReport = StopReport(cancelled: cancelled, reported: reported)
      return reported.map(AfterStop.wait) ?? .leaveToTheTurn
    }
    switch next {
    case .reportNow: reportStop(cancelled: cancelled)
    case .wait(let reported): reported.wait()
    case .leaveToTheTurn: break
    }
  }

  private enum AfterStop {
    case reportNow, wait(DispatchSemaphore), leaveToTheTurn
  }

  /// Reports the effects a stop ended (cancelled, or finished if their operation had
  /// returned), then `.stopped`. Called once per loop: by ``stop()`` when no turn was
  /// executing, otherwise by that turn as it ends.
  @usableFromInline
  func reportStop(cancelled: [EndedEffect]) {
    guard let probe else { return }
    for ended in cancelled {
      probe.record(
        ProbeStep(kind: ended.ending.stepKind, feedback: FeedbackID(ended.handle.feedback), effect: ended.handle.id))
    }
    probe.record(ProbeStep(kind: .stopped))
  }
}

/// An effect a stop ended, and how.
@usableFromInline
struct EndedEffect: Sendable {
  @usableFromInline let handle: EffectHandle
  @usableFromInline let ending: EffectHandle.Ending
}

/// What ``Loop/stop()`` leaves to the turn it found executing: the effects it ended,
/// and the semaphore a caller on another thread waits on until the turn has reported.
@usableFromInline
struct StopReport: Sendable {
  @usableFromInline let cancelled: [EndedEffect]
  @usableFromInline let reported: DispatchSemaphore?

  @usableFromInline
  init(cancelled: [EndedEffect], reported: DispatchSemaphore?) {
    self.cancelled = cancelled
    self.reported = reported
  }

  /// Lets a `stop()` waiting on another thread return.
  @usableFromInline
  func signalReported() {
    reported?.signal()
  }
}
