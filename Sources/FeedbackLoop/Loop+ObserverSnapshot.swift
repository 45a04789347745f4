extension Loop {
  // How a turn keeps its observers: a snapshot of `shared.observers`, refreshed under the
  // lock when they changed, so that telling them of a state takes no lock. A state is
  // reduced and told to the snapshot at once, but published to `shared.state` only when
  // the turn takes its next entry; an observer registered in between was given the older,
  // published state and must be told of the newer one (`tell(_:)`).

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
}
