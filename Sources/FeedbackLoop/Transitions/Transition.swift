/// One declared transition: from some states, on some events, to a fixed state or to a
/// state computed by a closure whose possible targets are declared.
///
/// ```swift
/// let light = System<Light, Signal>("Light", initial: .red) {
///   Transitions {
///     Transition(from: .red, on: .tick, to: .green)
///     Transition(from: .any, on: .emergency, to: .red)
///   }
/// }
/// let volume = System<VolumeState, any VolumeEvent>("Volume", initial: VolumeState(value: 0)) {
///   Transitions {
///     Transition(from: .type(VolumeState.self), on: .type(Increase.self), label: "value + 1") {
///       state, _ in VolumeState(value: state.value + 1)
///     }
///   }
/// }
/// let form = System<Form, FormEvent>("Form", initial: .editing) {
///   Transitions {
///     Transition(from: .editing, on: .submit, to: .submitting)
///       .guarded("form is valid") { state, _ in state.isValid }
///   }
/// }
/// ```
///
/// A computed transition declares where it may lead with `targets:` (by default: back to
/// the states it starts from). A result outside those targets still happens, but the loop
/// reports it as an undeclared transition so that the diagram never lies.
public struct Transition<State: Sendable, Event: Sendable>: Sendable {
  @usableFromInline
  enum Target: Sendable {
    case fixed(State)
    case computed(targets: [StatePattern<State>], @Sendable (State, Event) -> State)
  }

  @usableFromInline
  struct Guard: Sendable {
    @usableFromInline var description: String
    @usableFromInline var test: @Sendable (State, Event) -> Bool
  }

  @usableFromInline let from: StatePattern<State>
  @usableFromInline let on: EventPattern<Event>
  @usableFromInline let target: Target
  @usableFromInline let label: String?
  @usableFromInline var condition: Guard?
  /// Whether a computed transition's targets were left to default to its sources.
  let targetsAreSources: Bool

  /// A transition to a fixed state.
  public init(from: StatePattern<State>, on: EventPattern<Event>, to target: State, label: String? = nil) {
    self.from = from
    self.on = on
    self.target = .fixed(target)
    self.label = label
    self.targetsAreSources = false
  }

  /// A transition whose target is computed from the state and the event.
  ///
  /// - Parameters:
  ///   - from: the states the transition starts from.
  ///   - on: the events it accepts.
  ///   - label: what the transition does, as the diagram writes it on the edge.
  ///   - targets: the states the closure may return. `nil` (the default) means the states
  ///     the transition starts from, which suits self-transitions like `value + 1`.
  ///   - compute: the next state, from the current state and the event.
  public init(
    from: StatePattern<State>, on: EventPattern<Event>, label: String? = nil,
    targets: [StatePattern<State>]? = nil,
    _ compute: @escaping @Sendable (_ state: State, _ event: Event) -> State
  ) {
    self.from = from
    self.on = on
    self.target = .computed(targets: targets ?? [from], compute)
    self.label = label
    self.targetsAreSources = targets == nil
  }

  private init(copying transition: Self, from: StatePattern<State>, target: Target) {
    self.from = from
    self.on = transition.on
    self.target = target
    self.label = transition.label
    self.condition = transition.condition
    self.targetsAreSources = transition.targetsAreSources
  }

  /// The transitions this declaration stands for: one per source a ``StatePattern/oneOf(_:_:)``
  /// or ``StatePattern/cases(_:_:)`` pattern names (with computed targets that default to the
  /// sources narrowed to each one's own source), else itself. Targets written as `oneOf`
  /// stand for their patterns too.
  var alternatives: [Self] {
    let targets: (StatePattern<State>) -> Target
    switch target {
    case .fixed:
      targets = { _ in self.target }
    case .computed(let patterns, let compute):
      targets = { source in
        .computed(targets: self.targetsAreSources ? [source] : patterns.flatMap(\.singles), compute)
      }
    }
    if from.alternatives == nil, case .fixed = target { return [self] }
    return from.singles.map { Self(copying: self, from: $0, target: targets($0)) }
  }

  /// The same transition, taken only when `test` returns `true`.
  ///
  /// A transition whose guard fails does not match: the next candidate in precedence
  /// order is tried.
  /// - Parameters:
  ///   - description: the condition in words, shown on the diagram (`[form is valid]`).
  ///   - test: whether the transition may be taken for this state and event.
  public func guarded(_ description: String, _ test: @escaping @Sendable (_ state: State, _ event: Event) -> Bool)
    -> Self
  {
    var copy = self
    copy.condition = Guard(description: description, test: test)
    return copy
  }
}

extension Transition where State: Equatable {
  /// A transition from exactly `from` to a fixed state.
  public init(from: State, on: EventPattern<Event>, to target: State, label: String? = nil) {
    self.init(from: .value(from), on: on, to: target, label: label)
  }

  /// A transition from exactly `from`, to a computed state.
  public init(
    from: State, on: EventPattern<Event>, label: String? = nil, targets: [StatePattern<State>]? = nil,
    _ compute: @escaping @Sendable (_ state: State, _ event: Event) -> State
  ) {
    self.init(from: .value(from), on: on, label: label, targets: targets, compute)
  }
}

extension Transition where Event: Equatable {
  /// A transition on exactly `event` to a fixed state.
  public init(from: StatePattern<State>, on event: Event, to target: State, label: String? = nil) {
    self.init(from: from, on: .value(event), to: target, label: label)
  }

  /// A transition on exactly `event`, to a computed state.
  public init(
    from: StatePattern<State>, on event: Event, label: String? = nil, targets: [StatePattern<State>]? = nil,
    _ compute: @escaping @Sendable (_ state: State, _ event: Event) -> State
  ) {
    self.init(from: from, on: .value(event), label: label, targets: targets, compute)
  }
}

extension Transition where State: Equatable, Event: Equatable {
  /// A transition from exactly `from` on exactly `event` to a fixed state.
  public init(from: State, on event: Event, to target: State, label: String? = nil) {
    self.init(from: .value(from), on: .value(event), to: target, label: label)
  }

  /// A transition from exactly `from` on exactly `event`, to a computed state.
  public init(
    from: State, on event: Event, label: String? = nil, targets: [StatePattern<State>]? = nil,
    _ compute: @escaping @Sendable (_ state: State, _ event: Event) -> State
  ) {
    self.init(from: .value(from), on: .value(event), label: label, targets: targets, compute)
  }
}
