// RxFeedback's names, kept so that a porting user's first try compiles into a message that
// says what to write here (the compiler shows it as "'X' is unavailable: <message>"). None
// of these can be called. An unavailable type does not clash with an available one of the
// same name in another module (RxCocoa's `Driver`, Observation's `Observable`): Swift picks
// the available one, so a file that imports both during a port still compiles.

/// RxCocoa's `Driver`, for RxFeedback's `Driver.system(initialState:reduce:feedback:)`.
@available(
  *, unavailable,
  message:
    "run a System in a Loop: let loop = Loop(System(\"Name\", initial: state, reduce: { state, event in … }, feedbacks: [...]), scheduler: MainQueueScheduler.shared); read loop.states"
)
public enum Driver {
  /// RxFeedback's `Driver.system(initialState:reduce:feedback:)`.
  public static func system<State, Event>(
    initialState: State, reduce: @escaping (State, Event) -> State, feedback: Any...
  ) -> Never { fatalError() }
}

/// RxSwift's `Observable`, for RxFeedback's `Observable.system(initialState:reduce:scheduler:feedback:)`.
@available(
  *, unavailable,
  message:
    "run a System in a Loop: let loop = Loop(System(\"Name\", initial: state, reduce: { state, event in … }, feedbacks: [...]), scheduler: QueueScheduler()); read loop.states"
)
public enum Observable {
  /// RxFeedback's `Observable.system(initialState:reduce:scheduler:feedback:)`.
  public static func system<State, Event>(
    initialState: State, reduce: @escaping (State, Event) -> State, scheduler: Any, feedback: Any...
  ) -> Never { fatalError() }
}

/// ReactiveSwift's `SignalProducer`, for ReactiveFeedback's `SignalProducer.system(initial:reduce:feedbacks:)`.
@available(
  *, unavailable,
  message:
    "run a System in a Loop: let loop = Loop(System(\"Name\", initial: state, reduce: { state, event in … }, feedbacks: [...])); read loop.states"
)
public enum SignalProducer<Value, Failure> {
  /// ReactiveFeedback's `SignalProducer.system(initial:scheduler:reduce:feedbacks:)`.
  public static func system<State, Event>(
    initial: State, scheduler: Any? = nil, reduce: @escaping (State, Event) -> State, feedbacks: Any...
  ) -> Never { fatalError() }
}

/// RxFeedback's `react(request:effects:)`.
@available(
  *, unavailable,
  message:
    "write Feedback.skippingRepeated(\"name\", { state in request or nil }) { request in effect }: a new request cancels the one before, nil cancels it"
)
public func react<State, Request, Effects>(
  request: @escaping (State) -> Request?, effects: @escaping (Request) -> Effects
) -> Never { fatalError() }

/// RxFeedback's older `react(query:effects:)`.
@available(
  *, unavailable,
  message:
    "write Feedback.skippingRepeated(\"name\", { state in request or nil }) { request in effect }: a new request cancels the one before, nil cancels it"
)
public func react<State, Request, Effects>(
  query: @escaping (State) -> Request?, effects: @escaping (Request) -> Effects
) -> Never { fatalError() }

/// RxFeedback's `react(requests:effects:)`.
@available(
  *, unavailable,
  message:
    "write Feedback.requests(\"name\", { state in Set(requests) }) { request in effect }: unchanged requests keep running, removed ones are cancelled"
)
public func react<State, Request, Effects>(
  requests: @escaping (State) -> Set<Request>, effects: @escaping (Request) -> Effects
) -> Never { fatalError() }

/// RxFeedback's `bind(owner) { owner, state in Bindings(…) }`.
@available(
  *, unavailable,
  message:
    "UI events are inputs: Feedback.input(\"name\") and loop.send(event, from: \"name\"); UI updates observe the loop: loop.observe { state in … }, or a LoopModel (FeedbackLoopObservation)"
)
public func bind<Owner: AnyObject>(_ owner: Owner, _ bindings: @escaping (Owner, Any) -> Any) -> Never {
  fatalError()
}

/// RxFeedback's `bind { state in Bindings(…) }`.
@available(
  *, unavailable,
  message:
    "UI events are inputs: Feedback.input(\"name\") and loop.send(event, from: \"name\"); UI updates observe the loop: loop.observe { state in … }, or a LoopModel (FeedbackLoopObservation)"
)
public func bind<Context, Result>(_ bindings: @escaping (Context) -> Result) -> Never { fatalError() }

/// RxFeedback's `Bindings(subscriptions:events:)`.
@available(
  *, unavailable,
  message:
    "UI events are inputs: Feedback.input(\"name\") and loop.send(event, from: \"name\"); UI updates observe the loop: loop.observe { state in … }, or a LoopModel (FeedbackLoopObservation)"
)
public struct Bindings<Event> {
  /// RxFeedback's `Bindings(subscriptions:events:)`.
  public init(subscriptions: [Any], events: [Any]) { fatalError() }
  /// RxFeedback's `Bindings(subscriptions:mutations:)`.
  public init(subscriptions: [Any], mutations: [Any]) { fatalError() }
}

/// RxFeedback's `ObservableSchedulerContext`: the states and the scheduler a feedback gets.
@available(
  *, unavailable,
  message:
    "a feedback over the states gets them with the loop's clock: Feedback.states(\"name\") { states, clock in events }"
)
public struct ObservableSchedulerContext<Element> {}
