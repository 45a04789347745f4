import FeedbackGraph

extension System {
  /// The keys the transition dispatch gives `state` and `event` (their enum cases or types),
  /// when the node names ``nodeName(of:)`` and ``nodeName(ofEvent:)`` give them depend on
  /// those keys alone; `nil` otherwise. Two pairs with the same keys have the same names,
  /// so the explorer names one pair per keys, and only when it reports them.
  @inlinable
  package func namingKeys(_ state: State, _ event: Event) -> (state: Int, event: Int)? {
    guard namesStatesByCase, let dispatch = table?.dispatch, dispatch.stateKeying.namesFollowKeys,
      dispatch.eventKeying.namesFollowKeys
    else { return nil }
    return (dispatch.stateKeying.key(state), dispatch.eventKeying.key(event))
  }

  /// The key the transition dispatch gives `state`, when ``nodeName(of:)`` depends on it
  /// alone (see ``namingKeys(_:_:)``); `nil` otherwise.
  @inlinable
  package func namingKey(of state: State) -> Int? {
    guard namesStatesByCase, let dispatch = table?.dispatch, dispatch.stateKeying.namesFollowKeys else { return nil }
    return dispatch.stateKeying.key(state)
  }

  /// Whether ``reduce(_:stateKey:_:eventKey:)`` takes keys: the system reduces with its
  /// transition table alone (no reducer follows it).
  @inlinable
  package var reducesByKeys: Bool { reducers.isEmpty && table != nil }

  /// The key the transition dispatch gives `state` (its enum case or type); 0 without a table.
  @inlinable
  package func dispatchKey(ofState state: State) -> Int {
    table?.dispatch.stateKeying.key(state) ?? 0
  }

  /// The key the transition dispatch gives `event`; 0 without a table.
  @inlinable
  package func dispatchKey(ofEvent event: Event) -> Int {
    table?.dispatch.eventKeying.key(event) ?? 0
  }

  /// ``reduce(_:_:)`` with the dispatch keys of `state` and `event` already read
  /// (``dispatchKey(ofState:)``, ``dispatchKey(ofEvent:)``), where ``reducesByKeys``: the
  /// explorer reads a state's key once for all its events, and each event's once.
  @inlinable
  package func reduce(_ state: State, stateKey: Int, _ event: Event, eventKey: Int) -> Reduction<State> {
    if reducers.isEmpty, table != nil {
      return table.unsafelyUnwrapped.dispatch.reduce(state, stateKey, event, eventKey)
    }
    return reduce(state, event)
  }

  /// Whether the system declares transitions (rather than only reducers).
  @usableFromInline
  package var declaresTransitions: Bool { table != nil }

  /// How many transitions the system declares; their ids count from 0.
  @usableFromInline
  package var declaredTransitionCount: Int { table?.transitions.count ?? 0 }
}

extension Feedback {
  /// The conditions of ``disabled(when:)``, combined: the states the feedback ignores.
  package var disabledCondition: (@Sendable (State) -> Bool)? { isDisabled }
}
