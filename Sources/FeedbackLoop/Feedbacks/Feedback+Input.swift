extension Feedback {
  /// An input of the loop: events from outside the state (a keypad, a button, a
  /// notification) that the app sends to *one* loop with ``Loop/send(_:from:)``. The events'
  /// source is this feedback's name, in traces and diagrams.
  ///
  /// ```swift
  /// enum Door: Hashable, Sendable { case locked, open }
  /// enum DoorEvent: Hashable, Sendable { case entered(String) }
  ///
  /// let door = System<Door, DoorEvent>("Door", initial: .locked) {
  ///   Reducer { state, event in if event == .entered("1234") { state = .open } }
  ///   Feedbacks { Feedback.input("keypad", emits: [.entered("1234")]) }
  /// }
  /// let loop = Loop(door)
  /// loop.send(.entered("1234"), from: "keypad")
  /// ```
  ///
  /// An input belongs to the loop you send to, so two loops of one system — two tests
  /// running in parallel — never see each other's events. (A ``FeedbackInput`` object, by
  /// contrast, reaches every loop whose system uses it: keep one for broadcasts, and make it
  /// per system instance, e.g. through the system's environment.)
  ///
  /// **Gating.** `disabled(when:)` on an input drops the events sent through it while the
  /// condition holds of the current state (RxFeedback's `triggerLoadNextPage`, which ignores
  /// "near bottom" while a page loads). A dropped event is not reduced and runs no
  /// feedback; it is recorded as an ignored event from the input — a
  /// ``LoopStep/ignored(event:source:state:)`` step, in a recorder's timeline, in traces
  /// and in the trace viewer:
  ///
  /// ```swift
  /// Feedback.input("nearBottom", emits: [.startLoadingNextPage])
  ///   .disabled(when: \.shouldLoadNextPage)
  /// ```
  public static func input(_ name: String, emits: [Event] = []) -> Feedback {
    var input = Feedback(
      name: name, watches: "loop input", declaring: emits,
      definition: .source({ .source(subscribe: { _ in {} }, onState: nil) }))
    input.isLoopInput = true
    input.isInput = true
    return input
  }
}
