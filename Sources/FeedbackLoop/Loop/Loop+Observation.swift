/// A registration made by ``Loop/observe(_:)`` or ``Mediator/observe(_:)``; ``cancel()``
/// ends it. (One token type for both: `MediatorObservation` was the same thing.)
public struct LoopObservation: Sendable {
  let end: @Sendable () -> Void

  /// Stops delivering states (or a mediator's values) to the observer. Idempotent.
  public func cancel() {
    end()
  }
}

extension Loop {
  /// Calls `observer` with every new state, on the loop's turn, after the state is reduced
  /// and before feedbacks run; ``state`` already reads it then. The current state is not
  /// replayed. Registered while a turn runs, the observer is told of every state after the
  /// one ``state`` read at registration, none missed and none repeated.
  @discardableResult
  public func observe(_ observer: @escaping @Sendable (State) -> Void) -> LoopObservation {
    let id = shared.withLock { shared -> Int in
      let id = shared.nextObserver
      shared.nextObserver += 1
      shared.observers.append((id, observer))
      shared.observersVersion += 1
      return id
    }
    return LoopObservation { [weak self] in
      self?.shared.withLock { shared in
        shared.observers.removeAll { $0.id == id }
        shared.observersVersion += 1
      }
    }
  }

  /// The loop's states as an async sequence: the current state first, then every new
  /// state. The sequence ends when the loop stops or the consumer stops iterating. A slow
  /// consumer sees every state (the buffer is unbounded).
  public var states: AsyncStream<State> {
    AsyncStream { continuation in
      // Register and yield the current state under one lock, so that no new state can
      // reach the observer before the current one is yielded.
      let id = shared.withLock { shared -> Int? in
        guard !shared.stopped else { return nil }
        let id = shared.nextObserver
        shared.nextObserver += 1
        shared.observers.append((id, { continuation.yield($0) }))
        shared.observersVersion += 1
        continuation.yield(shared.state)
        shared.subscriptions.append { continuation.finish() }
        return id
      }
      guard let id else {
        continuation.yield(state)
        continuation.finish()
        return
      }
      continuation.onTermination = { [weak self] _ in
        self?.shared.withLock { shared in
          shared.observers.removeAll { $0.id == id }
          shared.observersVersion += 1
        }
      }
    }
  }
}
