#if canImport(Combine)
  public import Combine
#else
  public import OpenCombine
#endif
public import FeedbackLoop

extension Feedback {
  /// A feedback whose side effect answers a state with a publisher of events: the shape of
  /// Feedbacks' `Feedback(strategy:) { (state: S) -> AnyPublisher<Event, Never> in … }`.
  ///
  /// ```swift
  /// Feedback("raise", strategy: .continueOnNewState, emitting: ["Increase"]) {
  ///   (state: VolumeState) -> AnyPublisher<any VolumeEvent, Never> in
  ///   state.value >= target ? Empty().eraseToAnyPublisher() : Just(Increase()).eraseToAnyPublisher()
  /// }
  /// ```
  ///
  /// When `S` is the system's `State`, the side effect sees every state. When it is one of
  /// the types a protocol `State` stands for, it sees only the states of that type (the
  /// feedback is drawn as watching "state is S"), and a state of another type cancels its
  /// effect under `.cancelOnNewState`.
  ///
  /// - Parameters:
  ///   - name: the feedback's name (the source of its events in traces, its diagram node).
  ///   - strategy: what a new state does to a running subscription. `nil` (the default)
  ///     chooses nothing here, so a group's `strategy(_:)` reaches this feedback (outer
  ///     modifiers never undo inner ones); with no choice anywhere, a new state cancels it.
  ///   - emitting: the names of the events it may emit, for diagrams.
  ///   - sideEffect: the publisher for a state; cancelling the effect cancels it.
  public init<S, P: Publisher & SendableMetatype>(
    _ name: String, strategy: ExecutionStrategy? = nil, emitting: [String] = [],
    _ sideEffect: @escaping @Sendable (_ state: S) -> P
  ) where P.Output == Event, P.Failure == Never {
    if S.self == State.self {
      self = Feedback(name, emitting: emitting) { state in .publisher(sideEffect(state as! S)) }
    } else {
      self = Feedback(name, emitting: emitting) { state in
        guard let state = state as? S else { return .none }
        return .publisher(sideEffect(state))
      }
      .watching("state is \(String(describing: S.self))")
      self.stateTypeProblem = { state in
        // A concrete value type (an enum, a struct) has no other dynamic type: if this
        // state is not an `S`, no state of the system ever is.
        guard !(state is S), !(State.self is AnyObject.Type), type(of: state) as Any.Type == State.self else {
          return nil
        }
        return
          "feedback \"\(name)\" is typed on \(S.self), but the system's states are \(State.self): it would never run; type its closure on \(State.self)"
      }
    }
    if let strategy { self = self.strategy(strategy) }
  }

  /// A feedback whose side effect answers a state with a publisher of events, declaring
  /// the events it may emit as values (for enum events).
  ///
  /// ```swift
  /// Feedback("timer", emits: [.tick]) { (light: Light) in
  ///   Just(.tick).delay(for: .seconds(30), scheduler: scheduler)
  /// }
  /// ```
  public init<S, P: Publisher & SendableMetatype>(
    _ name: String, strategy: ExecutionStrategy? = nil, emits: [Event],
    _ sideEffect: @escaping @Sendable (_ state: S) -> P
  ) where P.Output == Event, P.Failure == Never {
    let names = Feedback(name, emits: emits) { _ in .none }.emits
    self.init(name, strategy: strategy, emitting: names, sideEffect)
  }

}
