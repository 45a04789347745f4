extension Loop {
  /// Registers `observer` for every new state and returns the current state, in one step:
  /// the observer sees exactly the states after the returned one, none missed and none
  /// repeated, even while other threads send events. `onStop` is called once when the loop
  /// stops (at once, and no observer is registered, if it has already stopped).
  ///
  /// ```swift
  /// let (current, observation) = loop.observeFromCurrent({ render($0) }, onStop: { close() })
  /// render(current)
  /// ```
  ///
  /// This is what a view model or a publisher of the loop's states is built on. Like
  /// ``observe(_:)``, the observer is called on the loop's turn; it may be called before
  /// this method returns when the loop runs on another thread.
  public func observeFromCurrent(
    _ observer: @escaping @Sendable (State) -> Void, onStop: @escaping @Sendable () -> Void = {}
  ) -> (current: State, observation: LoopObservation) {
    let registered = shared.withLock { shared -> (current: State, id: Int?) in
      guard !shared.stopped else { return (shared.state, nil) }
      let id = shared.nextObserver
      shared.nextObserver += 1
      shared.observers.append((id, observer))
      shared.observersVersion += 1
      shared.subscriptions.append(onStop)
      return (shared.state, id)
    }
    guard let id = registered.id else {
      onStop()
      return (registered.current, LoopObservation {})
    }
    return (
      registered.current,
      LoopObservation { [weak self] in
        self?.shared.withLock { shared in
          shared.observers.removeAll { $0.id == id }
          shared.observersVersion += 1
        }
      }
    )
  }
}
