// ReactiveFeedback's, RxFeedback's and Loop's names, kept so that a porting user's first try
// compiles into a message that says what to write here. None of these can be called.

extension Feedback {
  /// ReactiveFeedback's `Feedback(predicate:effects:)`.
  @available(
    *, unavailable,
    message:
      "write Feedback.when(\"name\", { state in condition }) { state in effect }, or .whenBecomesTrue for its rising edge"
  )
  public init(predicate: (State) -> Bool, effects: (State) -> Any) { fatalError() }

  /// ReactiveFeedback's `Feedback(skippingRepeated:effects:)`.
  @available(
    *, unavailable, message: "write Feedback.skippingRepeated(\"name\", { state in value or nil }) { value in effect }"
  )
  public init<Query>(skippingRepeated: (State) -> Query?, effects: (Query) -> Any) { fatalError() }

  /// ReactiveFeedback's and RxFeedback's `Feedback(events:)`, over the stream of states.
  @available(
    *, unavailable,
    message:
      "write Feedback.states(\"name\") { states, clock in events }: the states as an AsyncSequence (or a publisher of states, in FeedbackLoopCombine)"
  )
  public init(events: (Any) -> Any) { fatalError() }

  /// ReactiveFeedback's two-argument `Feedback(events: { scheduler, states in … })`.
  @available(
    *, unavailable,
    message:
      "write Feedback.states(\"name\") { states, clock in events }: the loop's clock replaces the scheduler (in FeedbackLoopCombine, { states, scheduler in publisher })"
  )
  public init(events: (Any, Any) -> Any) { fatalError() }

  /// CombineFeedback's `Feedback(lensing:effects:)`.
  @available(*, unavailable, message: "write Feedback.lensing(\"name\", { state in value or nil }) { value in effect }")
  public init<Query>(lensing: (State) -> Query?, effects: (Query) -> Any) { fatalError() }
}

extension Loop {
  /// Loop's `Loop(initial:reducer:feedbacks:)`.
  @available(
    *, unavailable,
    message:
      "declare a System and run it: Loop(System(initial: state, reduce: { state, event in … }, feedbacks: [...]))"
  )
  public convenience init(initial: State, reducer: (State, Event) -> State, feedbacks: [Feedback<State, Event>]) {
    fatalError()
  }

  /// Loop's `Loop(initial:reducer:feedbacks:)` with an `inout` reducer.
  @available(
    *, unavailable,
    message:
      "declare a System and run it: Loop(System(initial: state, reduce: { state, event in state… }, feedbacks: [...])): reduce takes the state inout, as here"
  )
  public convenience init(
    initial: State, reducer: (inout State, Event) -> Void, feedbacks: [Feedback<State, Event>] = []
  ) {
    fatalError()
  }

  /// CombineFeedback's `store.send(event:)`.
  @available(*, unavailable, renamed: "send(_:)", message: "write loop.send(.event), without the label")
  public func send(event: Event) { fatalError() }
}
