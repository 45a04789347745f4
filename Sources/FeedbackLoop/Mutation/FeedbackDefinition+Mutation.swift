extension FeedbackDefinition {
  /// The same definition, its effects (and its source's events) emitting what `transform`
  /// makes of each event (nothing for `nil`).
  func transformingEvents(_ transform: @escaping @Sendable (Event) -> Event?) -> FeedbackDefinition {
    let mapped = mappingEffects { $0.transformingEvents(transform) }
    guard case .source(let make) = mapped else { return mapped }
    return .source {
      switch make() {
      case .source(let subscribe, let onState):
        .source(subscribe: { send in subscribe(Send(send, transforming: transform)) }, onState: onState)
      case let other: other
      }
    }
  }

  /// The same definition, each effect it starts replaced by `change(effect)` (a source's
  /// events are unchanged).
  func mappingEffects(_ change: @escaping @Sendable (Effect<Event>) -> Effect<Event>) -> FeedbackDefinition {
    switch self {
    case .slot(let logic):
      let decide = logic.decide
      return .slot(
        SlotLogic(initial: logic.initial, keepsOnRepeat: logic.keepsOnRepeat) { memory, state, event in
          switch decide(&memory, state, event) {
          case .start(let effect): .start(change(effect))
          case .keep: .keep
          case .cancel: .cancel
          }
        })
    case .keyed(let requests):
      return .keyed { state in
        requests(state).map { request in
          let make = request.makeEffect
          return (key: request.key, makeEffect: { change(make()) })
        }
      }
    case .source:
      return self
    }
  }
}
