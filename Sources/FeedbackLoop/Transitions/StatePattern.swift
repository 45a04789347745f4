/// Which states a transition starts from: one value, every value of an enum case, every
/// value of a type, or any state.
///
/// ```swift
/// // one value
/// let tick = Transition<Light, Signal>(from: .red, on: .tick, to: .green)
/// // every value of an enum case, whatever its payload
/// let didLoad = Transition<Page, PageEvent>(from: .case("loading"), on: .case("didLoad"), to: .loaded)
/// // several enum cases
/// let cancel = Transition<Page, PageEvent>(from: .cases("loading", "retrying"), on: .cancel, to: .idle)
/// // every value of a type (for states of a protocol type)
/// let increase = Transition<VolumeState, any VolumeEvent>(from: .type(VolumeState.self), on: .type(Increase.self)) {
///   state, _ in VolumeState(value: state.value + 1)
/// }
/// // any state
/// let emergency = Transition<Light, Signal>(from: .any, on: .emergency, to: .red)
/// ```
///
/// Enum cases are matched by name, as the diagram shows them: the case name of a value is
/// the label `Mirror` reports for it.
public struct StatePattern<State: Sendable>: Sendable {
  @usableFromInline let pattern: ValuePattern<State>
  /// A sample value, when the pattern names one (to show the state's fields).
  let sample: State?
  /// The patterns a ``oneOf(_:_:)`` or ``cases(_:_:)`` pattern stands for, each of them
  /// one pattern (never an alternative itself); `nil` for a single pattern. A transition
  /// table declares one transition per alternative (see `Transition.alternatives`).
  let alternatives: [StatePattern]?

  init(pattern: ValuePattern<State>, sample: State?, alternatives: [StatePattern]? = nil) {
    self.pattern = pattern
    self.sample = sample
    self.alternatives = alternatives
  }

  /// The diagram name of the matched states, or `nil` for ``any``.
  public var name: String? { pattern.name }

  /// Any state.
  public static var any: StatePattern { StatePattern(pattern: .any, sample: nil) }

  /// Every value of the enum case named `name`, whatever its payload.
  public static func `case`(_ name: String) -> StatePattern {
    StatePattern(pattern: .enumCase(name), sample: nil)
  }

  /// Every state `test` accepts, drawn and ranked as the enum case `name`: the hook for
  /// typed case patterns (the `FeedbackLoopCasePaths` add-on's `.case(\.loading)` is built
  /// on it), where the compiler, not a string, names the case.
  ///
  /// ```swift
  /// .case("loading", where: { if case .loading = $0 { true } else { false } })
  /// ```
  public static func `case`(_ name: String, where test: @escaping @Sendable (State) -> Bool) -> StatePattern {
    StatePattern(pattern: .enumCase(name, where: test), sample: nil)
  }

  /// Every state whose dynamic type is `T` (for systems whose `State` is a protocol).
  public static func type<T>(_ type: T.Type) -> StatePattern {
    StatePattern(pattern: .type(T.self), sample: nil)
  }

  /// Whether `state` matches the pattern.
  @inlinable
  public func matches(_ state: State) -> Bool {
    pattern.matches(state)
  }
}

extension StatePattern where State: Equatable {
  /// Exactly `state`.
  public static func value(_ state: State) -> StatePattern {
    StatePattern(pattern: .value(state), sample: state)
  }
}
