import FeedbackGraph
import FeedbackLoop

/// The async effects of a replayed loop: each one, instead of running, registers here and
/// waits; the replay makes it emit and finish exactly where the trace says it did.
final class ReplayEffects<Event: Sendable>: Sendable {
  private struct Running: Sendable {
    var send: Send<Event>
    var gate: Gate
  }

  private let running = Protected<[EffectID: Running]>([:])

  /// The stand-in for every async effect of the replayed loop.
  var replacement: @Sendable (FeedbackID, EffectID) -> @Sendable (Send<Event>, any Clock<Duration>) async throws -> Void {
    { [self] _, id in
      { [self] send, _ in
        let gate = Gate()
        running.withLock { $0[id] = Running(send: send, gate: gate) }
        await gate.wait()
      }
    }
  }

  /// Whether effect `id` is a replaced async effect that has started.
  func isRunning(_ id: EffectID) -> Bool {
    running.withLock { $0[id] != nil }
  }

  /// Makes effect `id` emit `event`, as the trace recorded.
  func emit(_ event: Event, from id: EffectID) {
    running.withLock { $0[id] }?.send(event)
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
