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
