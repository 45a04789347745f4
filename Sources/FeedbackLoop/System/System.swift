/// A feedback system, declared: its initial state, how events change the state
/// (``Transitions`` or a ``Reducer``), and its ``Feedbacks``.
///
/// ```swift
/// enum Light: Hashable, Sendable { case red, green, yellow }
/// enum Signal: Hashable, Sendable { case tick, emergency }
///
/// let trafficLight = System<Light, Signal>(initial: .red) {
///   Transitions {
///     Transition(from: .red, on: .tick, to: .green)
///     Transition(from: .green, on: .tick, to: .yellow)
///     Transition(from: .yellow, on: .tick, to: .red)
///     Transition(from: .any, on: .emergency, to: .red)
///   }
///   Feedbacks {
///     Feedback("timer", emits: [.tick]) { (state: Light, clock) in
///       try await clock.sleep(for: .seconds(state == .yellow ? 3 : 30))
///       return .tick
///     }
///   }
/// }
/// let loop = Loop(trafficLight)  // runs it
/// ```
///
/// A `System` is a value: it runs nothing until a ``Loop`` runs it, and it describes
/// itself as data for diagrams with ``graph``.
public struct System<State: Sendable, Event: Sendable>: Sendable {
  /// The system's name, used by diagrams and traces. Defaults to the state type's name.
  public var name: String
  /// The state a loop starts in.
  public let initial: State
  /// The feedbacks, in declaration order.
  public internal(set) var feedbacks: [Feedback<State, Event>]
  @usableFromInline var table: TransitionTable<State, Event>?
  @usableFromInline let reducers: [Reducer<State, Event>]
  var stateName: @Sendable (State) -> String = { Naming.name(of: $0) }
  /// Whether states are named by ``Naming`` (not by a ``namingStates(_:)`` closure).
  @usableFromInline var namesStatesByCase = true
  var eventName: @Sendable (Event) -> String = { Naming.name(of: $0) }

  /// Declares a system from its parts: ``Transitions``, ``Reducer``s and ``Feedbacks``,
  /// in any order and number. Declared transitions reduce first, then reducers, in order.
  public init(
    _ name: String? = nil, initial: State,
    @SystemBuilder<State, Event> _ content: () -> [SystemComponent<State, Event>]
  ) {
    self.init(name, initial: initial, components: content())
  }

  /// Declares a system from its parts, already built.
  init(_ name: String?, initial: State, components: [SystemComponent<State, Event>]) {
    var transitions: [Transition<State, Event>] = []
    var reducers: [Reducer<State, Event>] = []
    var feedbacks: [Feedback<State, Event>] = []
    var declaresTransitions = false
    for component in components {
      switch component.kind {
      case .transitions(let list):
        declaresTransitions = true
        transitions += list
      case .reducer(let reducer): reducers.append(reducer)
      case .feedbacks(let list): feedbacks += list
      }
    }
    self.name = name ?? Naming.typeName(State.self)
    self.initial = initial
    self.table = declaresTransitions ? TransitionTable(transitions) : nil
    self.reducers = reducers
    self.feedbacks = feedbacks
  }

  /// Declares a system from a plain reduce closure (ReactiveFeedback style).
  public init(
    _ name: String? = nil, initial: State,
    reduce: @escaping @Sendable (_ state: inout State, _ event: Event) -> Void,
    feedbacks: [Feedback<State, Event>] = []
  ) {
    self.init(name, initial: initial) {
      Reducer(reduce)
      Feedbacks(list: feedbacks)
    }
  }

  /// Declares a system from a reduce function that returns the next state (ReactiveFeedback's
  /// `SignalProducer.system(initial:reduce:feedbacks:)`, Loop's `Loop(initial:reducer:)`).
  ///
  /// ```swift
  /// let counter = System<Int, CounterEvent>(
  ///   initial: 0,
  ///   reduce: { count, event in
  ///     event == .increment ? count + 1 : count - 1
  ///   })
  /// ```
  public init(
    _ name: String? = nil, initial: State,
    reduce: @escaping @Sendable (_ state: State, _ event: Event) -> State,
    feedbacks: [Feedback<State, Event>] = []
  ) {
    self.init(name, initial: initial) {
      Reducer(reduce)
      Feedbacks(list: feedbacks)
    }
  }

  /// A system needs an initial state.
  @available(*, unavailable, message: "A System needs an initial state: System(initial: …) { … }")
  public init(@SystemBuilder<State, Event> _ content: () -> [SystemComponent<State, Event>]) {
    fatalError()
  }

  /// The same system, naming states for diagrams and traces with `name` instead of their
  /// enum case or type names.
  package func namingStates(_ name: @escaping @Sendable (State) -> String) -> System {
    var copy = self
    copy.stateName = name
    copy.namesStatesByCase = false
    return copy
  }

  /// The diagram node name of `state` (its enum case or type name, unless
  /// ``namingStates(_:)`` says otherwise): what ``graph`` and traces call it.
  @usableFromInline package func nodeName(of state: State) -> String {
    stateName(state)
  }

  /// The diagram name of `event`: its enum case or type name.
  @usableFromInline package func nodeName(ofEvent event: Event) -> String {
    eventName(event)
  }

  /// The system's one reduce closure, when it has no declared transitions and one reducer
  /// (then ``reduce(_:_:)`` is that closure, each reduction `.reduced` with no transition):
  /// for callers that hold it themselves and call it in place.
  package var plainReducer: (@Sendable (inout State, Event) -> Void)? {
    table == nil && reducers.count == 1 ? reducers[0].reduce : nil
  }

  /// Reduces one event. Declared transitions first (an event none accepts is ignored
  /// unless a reducer follows), then each reducer in order.
  @inlinable
  package func reduce(_ state: State, _ event: Event) -> Reduction<State> {
    // A transition table: the fast path when no reducer follows (the dispatch read in
    // place, not bound: binding it costs a retain and a release per event).
    if reducers.isEmpty, table != nil { return table.unsafelyUnwrapped.dispatch.reduce(state, event) }
    let dispatch = table?.dispatch
    if dispatch == nil, reducers.count == 1 {  // a plain reduce closure: the common fast path
      var next = state
      reducers[0].reduce(&next, event)
      return .reduced(next, transition: nil)
    }
    var outcome: Reduction<State>
    if let dispatch {
      outcome = dispatch.reduce(state, event)
    } else {
      outcome = .reduced(state, transition: nil)
    }
    var next: State
    switch outcome {
    case .reduced(let value, _), .undeclared(let value, _): next = value
    case .ignored:
      next = state
      outcome = .reduced(state, transition: nil)
    }
    for reducer in reducers { reducer.reduce(&next, event) }
    switch outcome {
    case .reduced(_, let transition): return .reduced(next, transition: transition)
    case .undeclared(_, let transition): return .undeclared(next, transition: transition)
    case .ignored: return .ignored
    }
  }
}
