extension Feedback {
  /// The same feedback, its effects emitting only the events `keep` accepts; the events it
  /// declares are filtered alike, so that the explorer no longer expects the others.
  func keepingEvents(_ keep: @escaping @Sendable (Event) -> Bool, named isKept: (String) -> Bool) -> Feedback {
    var copy = self
    copy.definition = definition.keeping(keep)
    copy.declaredEvents = declaredEvents.filter(keep)
    copy.emits = emits.filter(isKept)
    return copy
  }
}
