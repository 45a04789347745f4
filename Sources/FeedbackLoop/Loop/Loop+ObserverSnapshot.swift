public import FeedbackLoopSupport

extension Loop {
  // How a turn keeps its observers: a snapshot of `shared.observers`, refreshed under the
  // lock when they changed. With observers, a reduced state is published to `shared.state`
  // and the snapshot refreshed under one lock before they are told of it, so an observer
  // reading `loop.state` reads that state or a later one, and a registration falls either
  // before (told) or after (given it). Without observers, nothing is published until the
  // turn takes its next entry, which saves a lock per event; an observer registered in
  // between was given the older, published state and is told of the newer one there
  // (`tell(_:)`).

  /// Takes a new snapshot of the observers if they changed. Called under the lock, by the
  /// thread that owns the turn.
  @inlinable
  func refreshObservers(from shared: borrowing Shared) {
    if shared.observersVersion != observersVersionSeen {
      observersSnapshot = shared.observers
      observersVersionSeen = shared.observersVersion
      observersNextIDSeen = shared.nextObserver
    }
  }

  /// Tells observers registered while `current` was unpublished of it, and empties the list.
  /// Registering gave them the published state, and the observers told of `current` when it
  /// was reduced did not include them. Called outside the lock, before the next entry.
  @usableFromInline
  func tell(_ newcomers: inout [(id: Int, observe: @Sendable (State) -> Void)]) {
    let state = current
    for observer in newcomers { observer.observe(state) }
    newcomers.removeAll()
  }

  /// Publishes `state` and refreshes the snapshot under one lock, before the snapshot's
  /// observers are told of it.
  @inlinable
  func publishBeforeTellingObservers(_ state: State) {
    shared.withLock { shared in
      shared.state = state
      refreshObservers(from: shared)
    }
    reducedSincePublished = false
  }
}
