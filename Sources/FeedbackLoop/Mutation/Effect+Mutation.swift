extension Effect {
  /// The same effect, emitting what `transform` makes of each event (nothing for `nil`; an
  /// effect left with nothing to emit at once is ``none``).
  func transformingEvents(_ transform: @escaping @Sendable (Event) -> Event?) -> Effect {
    switch operation {
    case .none:
      return self
    case .one(let event):
      return transform(event).map { Effect(operation: .one($0), emitsAtMostOnce: emitsAtMostOnce) } ?? .none
    case .many(let events):
      let kept = events.compactMap(transform)
      return kept.isEmpty ? .none : Effect(operation: .many(kept), emitsAtMostOnce: emitsAtMostOnce)
    case .run(let operation):
      return Effect(
        operation: .run { send, clock in try await operation(Send(send, transforming: transform), clock) },
        emitsAtMostOnce: emitsAtMostOnce)
    }
  }

  /// The same effect, its async operation seeing the loop's clock at `rate` times its speed
  /// (``ScaledClock``); effects that do not run on the clock are unchanged.
  func withClock(at rate: Double) -> Effect {
    guard case .run(let operation) = operation else { return self }
    return Effect(
      operation: .run { send, clock in try await operation(send, ScaledClock(clock, rate: rate)) },
      emitsAtMostOnce: emitsAtMostOnce)
  }
}
