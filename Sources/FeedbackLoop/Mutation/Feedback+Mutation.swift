extension Feedback {
  /// The same feedback, its effects emitting only the events `keep` accepts; the events it
  /// declares are filtered alike, so that the explorer no longer expects the others.
  func keepingEvents(_ keep: @escaping @Sendable (Event) -> Bool, named isKept: (String) -> Bool) -> Feedback {
    var copy = self
    copy.definition = definition.transformingEvents { keep($0) ? $0 : nil }
    copy.declaredEvents = declaredEvents.filter(keep)
    copy.emits = emits.filter(isKept)
    return copy
  }

  /// The same feedback, its effects emitting `replacement` wherever they emitted an event
  /// `matches` accepts (its declaration unchanged).
  func replacingEvents(_ matches: @escaping @Sendable (Event) -> Bool, with replacement: Event) -> Feedback {
    var copy = self
    copy.definition = definition.transformingEvents { matches($0) ? replacement : $0 }
    return copy
  }

  /// The same feedback, its effects seeing the loop's clock at `rate` times its speed.
  func withClock(at rate: Double) -> Feedback {
    var copy = self
    copy.definition = definition.mappingEffects { $0.withClock(at: rate) }
    return copy
  }
}
