extension FeedbackDefinition {
  /// The same definition, its effects (and its source's events) emitting only the events
  /// `keep` accepts.
  func keeping(_ keep: @escaping @Sendable (Event) -> Bool) -> FeedbackDefinition {
    switch self {
    case .slot(let logic):
      let decide = logic.decide
      return .slot(
        SlotLogic(initial: logic.initial) { memory, state, event in
          switch decide(&memory, state, event) {
          case .start(let effect): .start(effect.keeping(keep))
          case .keep: .keep
          case .cancel: .cancel
          }
        })
    case .keyed(let requests):
      return .keyed { state in
        requests(state).map { request in
          let make = request.makeEffect
          return (key: request.key, makeEffect: { make().keeping(keep) })
        }
      }
    case .source(let make):
      return .source {
        switch make() {
        case .source(let subscribe, let onState):
          .source(subscribe: { send in subscribe(Send(send, keeping: keep)) }, onState: onState)
        case let other: other
        }
      }
    }
  }
}
