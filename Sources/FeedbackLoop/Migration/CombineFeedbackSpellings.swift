// CombineFeedback's feedback names, kept so that a porting user's first try compiles into a
// message that says what to write here. None of these can be called. (CombineFeedback's
// three-parameter `Feedback<State, Event, Dependency>` cannot have one: a generic type has
// one arity. The "Coming from CombineFeedback" article says to capture the dependency.)

extension Feedback {
  /// CombineFeedback's `Feedback(effects: { state in publisher })`.
  @available(
    *, unavailable,
    message:
      "write Feedback(\"name\") { state in effect } (an Effect: .send, .task, .run; a publisher with .publisher(…) in FeedbackLoopCombine)"
  )
  public init(effects: (State) -> Any) { fatalError() }

  /// CombineFeedback's `.custom { state, consumer, dependency in … }`.
  @available(
    *, unavailable,
    message:
      "write Feedback.states(\"name\") { states, clock in events } (or a publisher of states in FeedbackLoopCombine); dependencies: capture them, or the system's environment"
  )
  public static func custom(_ body: (Any, Any, Any) -> Any) -> Feedback { fatalError() }

  /// CombineFeedback's two-argument `.custom { state, consumer in … }`.
  @available(
    *, unavailable,
    message:
      "write Feedback.states(\"name\") { states, clock in events } (or a publisher of states in FeedbackLoopCombine); dependencies: capture them, or the system's environment"
  )
  public static func custom(_ body: (Any, Any) -> Any) -> Feedback { fatalError() }

  /// CombineFeedback's `.middleware { state in … }`.
  @available(
    *, unavailable,
    message:
      "write Feedback(\"name\") { state, clock in event or nil } for work on every state, or .onStateReceived { state in … } for a callback"
  )
  public static func middleware(_ body: (Any) -> Any) -> Feedback { fatalError() }

  /// CombineFeedback's `.middleware { state, dependency in … }`.
  @available(
    *, unavailable,
    message:
      "write Feedback(\"name\") { state, clock in event or nil } for work on every state, or .onStateReceived { state in … } for a callback"
  )
  public static func middleware(_ body: (Any, Any) -> Any) -> Feedback { fatalError() }
}
