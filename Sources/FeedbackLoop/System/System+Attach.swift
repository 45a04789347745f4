extension System {
  /// The same system, attached to `mediator`: it publishes a value for the states where
  /// `publish` returns one and turns the values other attached systems publish into events
  /// with `receive` (Feedbacks' `system.attach(to:)`, for systems already built).
  ///
  /// ```swift
  /// let level = Mediator<Int>("level")
  /// let knob = volume.attached(to: level, publish: { $0 }, receive: { _ in nil })
  /// let meter = display.attached(to: level, emits: [.show(0)], publish: { _ in nil }, receive: { .show($0) })
  /// ```
  ///
  /// The same as declaring `Feedback.attach(_:to:emits:publish:receive:)` in the system,
  /// after its other feedbacks, named after the mediator.
  public func attached<Value: Equatable & Sendable>(
    to mediator: Mediator<Value>, emits: [Event] = [],
    publish: @escaping @Sendable (State) -> Value?,
    receive: @escaping @Sendable (Value) -> Event?
  ) -> System {
    var copy = self
    copy.feedbacks.append(
      .attach(mediator.name, to: mediator, emits: emits, publish: publish, receive: receive))
    return copy
  }
}
