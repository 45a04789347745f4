extension Effect {
  /// The same effect, emitting only the events `keep` accepts (an effect left with nothing
  /// to emit at once is ``none``).
  func keeping(_ keep: @escaping @Sendable (Event) -> Bool) -> Effect {
    switch operation {
    case .none:
      return self
    case .one(let event):
      return keep(event) ? self : .none
    case .many(let events):
      let kept = events.filter(keep)
      return kept.isEmpty ? .none : Effect(operation: .many(kept), emitsAtMostOnce: emitsAtMostOnce)
    case .run(let operation):
      return Effect(
        operation: .run { send, clock in try await operation(Send(send, keeping: keep), clock) },
        emitsAtMostOnce: emitsAtMostOnce)
    }
  }
}
