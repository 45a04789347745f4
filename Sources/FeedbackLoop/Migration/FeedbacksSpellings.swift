public import Dispatch

// Feedbacks' names, kept so that a porting user's first try compiles into a message that
// says what to write here (the compiler shows it as "'X' is unavailable: <message>").
// None of these can be called: each is `@available(*, unavailable)`.

/// Feedbacks' `InitialState { … }` block. Here the initial state is a parameter of the
/// system.
@available(
  *, unavailable,
  message:
    "pass the initial state to the system: System(\"Name\", initial: state) { Transitions { … } Feedbacks { … } }"
)
public struct InitialState {
  /// Feedbacks' `InitialState { state }`.
  public init<State>(_ make: () -> State) { fatalError() }
}

extension SystemBuilder {
  /// Feedbacks' `InitialState { … }` inside the system's block.
  @available(
    *, unavailable,
    message:
      "pass the initial state to the system: System(\"Name\", initial: state) { Transitions { … } Feedbacks { … } }"
  )
  public static func buildExpression(_ initial: InitialState) -> [SystemComponent<State, Event>] { fatalError() }
}

/// Feedbacks' wildcard state type. Here a wildcard is the pattern `.any`.
@available(*, unavailable, message: "write .any for any state: Transition(from: .any, on: …, to: …)")
public enum AnyState {}

/// Feedbacks' wildcard event type. Here a wildcard is the pattern `.any`.
@available(*, unavailable, message: "write .any for any event: Transition(from: …, on: .any, to: …)")
public enum AnyEvent {}

/// Feedbacks' `PassthroughMediator`. Here one ``Mediator`` type serves both roles.
@available(
  *, unavailable,
  message:
    "use Mediator<Value>(\"name\") and Feedback.attach(\"name\", to: mediator, publish:, receive:) in each system"
)
public struct PassthroughMediator<Value> {
  /// Feedbacks' `PassthroughMediator<Value>()`.
  public init() { fatalError() }
}

/// Feedbacks' `CurrentValueMediator`. Here one ``Mediator`` type serves both roles.
@available(
  *, unavailable,
  message:
    "use Mediator<Value>(\"name\", initial: value) and Feedback.attach(\"name\", to: mediator, publish:, receive:) in each system"
)
public struct CurrentValueMediator<Value> {
  /// Feedbacks' `CurrentValueMediator<Value>(value)`.
  public init(_ value: Value) { fatalError() }
}

/// Feedbacks' `SideEffect.make(function, arg1:, …)` factories for dependencies.
@available(
  *, unavailable,
  message:
    "capture dependencies in the feedback's closure, or give the system an environment: System(\"Name\", initial:, environment: services) { services in … }"
)
public enum SideEffect {
  /// Feedbacks' `SideEffect.make(function, arg1: dependency, …)`.
  public static func make(_ function: Any, arg1: Any = (), arg2: Any = (), arg3: Any = ()) -> Never { fatalError() }
}

extension Transition {
  /// Feedbacks' `Transition(from: A.self, on: B.self, then: C())`.
  @available(
    *, unavailable,
    message:
      "write Transition(from: .type(A.self), on: .type(B.self), to: target) — `to:` where Feedbacks wrote `then:`"
  )
  public init<From, On>(from: From.Type, on: On.Type, then target: State) { fatalError() }
}

extension Feedback {
  /// Feedbacks' `.disable { condition }`.
  @available(*, unavailable, renamed: "disabled(when:)", message: "write .disabled(when: { state in … })")
  public func disable(disabled: @escaping () -> Bool) -> Feedback { fatalError() }
}

extension Feedback {
  /// Feedbacks' `.execute(on: DispatchQueue.main)`.
  @available(
    *, unavailable,
    message:
      "a feedback runs on a LoopScheduler: .execute(on: MainQueueScheduler.shared) for the main queue, .execute(on: QueueScheduler()) for a serial queue"
  )
  public func execute(on queue: DispatchQueue) -> Feedback { fatalError() }
}

extension Feedbacks {
  /// Feedbacks' `.disable { condition }` on a group.
  @available(*, unavailable, renamed: "disabled(when:)", message: "write .disabled(when: { state in … })")
  public func disable(disabled: @escaping () -> Bool) -> Feedbacks { fatalError() }
}

extension System {
  /// Feedbacks' `system.stream`: a system's states as a publisher.
  @available(
    *, unavailable,
    message:
      "start a loop and read its states: Loop(system).states (an AsyncStream), or loop.statesPublisher (FeedbackLoopCombine)"
  )
  public var stream: Never { fatalError() }

  /// Feedbacks' `system.run()`.
  @available(
    *, unavailable,
    message: "create a loop to run the system: let loop = Loop(system); it runs until loop.stop() or release"
  )
  public func run() { fatalError() }

  /// Feedbacks' `attach(to:onSystemState:emitMediatorValue:)`.
  @available(
    *, unavailable,
    message:
      "write system.attached(to: mediator, publish: { state in value or nil }, receive: { value in event or nil })"
  )
  public func attach(to mediator: Any, onSystemState: Any, emitMediatorValue: (Any) -> Any) -> System { fatalError() }

  /// Feedbacks' `attach(to:onMediatorValue:emitSystemEvent:)`.
  @available(
    *, unavailable,
    message:
      "write system.attached(to: mediator, publish: { state in value or nil }, receive: { value in event or nil })"
  )
  public func attach(to mediator: Any, onMediatorValue: Any, emitSystemEvent: (Any) -> Any) -> System { fatalError() }

  /// Feedbacks' `system.uiSystem(viewStateFactory:)`.
  @available(
    *, unavailable,
    message:
      "import FeedbackLoopObservation and make a LoopModel(system, scheduler: MainQueueScheduler.shared) for views"
  )
  public func uiSystem(viewStateFactory: (Any) -> Any) -> Never { fatalError() }
}
