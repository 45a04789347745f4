import FeedbackGraph
import FeedbackLoop
import FeedbackLoopSupport

/// The side effects of a replayed loop. Async effects, instead of running, register here
/// and wait; input and mediator feedbacks, instead of subscribing, leave their `Send` here.
/// The replay then makes each emit, and each effect finish, exactly where the trace says.
final class ReplayEffects<Event: Sendable>: Sendable {
  private struct Running: Sendable {
    var send: Send<Event>
    var gate: Gate
  }

  private let running = Protected<[EffectID: Running]>([:])
  private let sources = Protected<[FeedbackID: Send<Event>]>([:])

  /// The hooks a replayed loop runs with.
  var hooks: EffectSubstitutes<Event> {
    EffectSubstitutes(
      effect: { [self] _, id in
        { [self] send, _ in
          let gate = Gate()
          running.withLock { $0[id] = Running(send: send, gate: gate) }
          await gate.wait()
        }
      },
      source: { [self] feedback, send in
        sources.withLock { $0[feedback] = send }
        return { [self] in _ = sources.withLock { $0.removeValue(forKey: feedback) } }
      })
  }

  /// Whether effect `id` is a replaced async effect that has started.
  func isRunning(_ id: EffectID) -> Bool {
    running.withLock { $0[id] != nil }
  }

  /// Whether `feedback` is an input or mediator feedback, subscribed.
  func isSource(_ feedback: FeedbackID) -> Bool {
    sources.withLock { $0[feedback] != nil }
  }

  /// Makes source `feedback` (`Feedback.states(_:emits:requests:effect:)`) start its next
  /// request's effect, replaced like any async effect; its running one is cancelled first.
  func startRequest(on feedback: FeedbackID) {
    sources.withLock { $0[feedback] }?.start { .run { _, _ in } }
  }

  /// Makes source `feedback` cancel its running request's effect and start none (a `nil`
  /// or `.none` request).
  func cancelRequest(on feedback: FeedbackID) {
    sources.withLock { $0[feedback] }?.start { .none }
  }

  /// Makes effect `id` emit `event`, as the trace recorded.
  func emit(_ event: Event, from id: EffectID) {
    running.withLock { $0[id] }?.send(event)
  }

  /// Makes effect `id` emit `event` and return at once with it still queued, as a trace
  /// records a `.run` that returned with events not reduced yet (it finishes after them, or
  /// when a new state lets go of it).
  func emitThenReturn(_ event: Event, from id: EffectID) {
    guard let effect = running.withLock({ $0.removeValue(forKey: id) }) else { return }
    effect.send(event)
    effect.send.returnBeforeQueuedEvents()
    effect.gate.open()
  }

  /// Makes effect `id` emit `event` as its last and finish, as a trace records an effect
  /// whose operation returned right after emitting (the lifecycle rule: finished before
  /// the event is reduced).
  func emitLast(_ event: Event, from id: EffectID) {
    guard let effect = running.withLock({ $0.removeValue(forKey: id) }) else { return }
    effect.send.sendLast(event)
    effect.gate.open()
  }

  /// Makes the input or mediator feedback `feedback` deliver `event`, as the trace recorded.
  func deliver(_ event: Event, from feedback: FeedbackID) {
    sources.withLock { $0[feedback] }?(event)
  }

  /// Lets effect `id` finish, as the trace recorded.
  func finish(_ id: EffectID) {
    running.withLock { $0.removeValue(forKey: id) }?.gate.open()
  }

  /// Waits until opened or cancelled; opening twice, or after cancellation, does nothing.
  final class Gate: Sendable {
    private enum Status {
      case waiting(CheckedContinuation<Void, Never>?)
      case open
    }

    private let status = Protected<Status>(.waiting(nil))

    func wait() async {
      await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          let resumeNow = status.withLock { status -> Bool in
            if case .open = status { return true }
            status = .waiting(continuation)
            return false
          }
          if resumeNow { continuation.resume() }
        }
      } onCancel: {
        open()
      }
    }

    func open() {
      let continuation = status.withLock { status -> CheckedContinuation<Void, Never>? in
        defer { status = .open }
        if case .waiting(let continuation) = status { return continuation }
        return nil
      }
      continuation?.resume()
    }
  }
}
