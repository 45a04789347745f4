/// Which states a transition starts from: one value, every value of an enum case, every
/// value of a type, or any state.
///
/// ```swift
/// Transition(from: .red, on: .tick, to: .green)              // a value
/// Transition(from: .case("loading"), on: .case("didLoad"), …) // an enum case, any payload
/// Transition(from: .type(VolumeState.self), on: …)           // a state type
/// Transition(from: .any, on: .emergency, to: .red)           // any state
/// ```
///
/// Enum cases are matched by name, as the diagram shows them: the case name of a value is
/// the label `Mirror` reports for it.
public struct StatePattern<State: Sendable>: Sendable {
  @usableFromInline
  enum Kind: Sendable {
    case value(@Sendable (State) -> Bool)
    case enumCase
    case type(@Sendable (State) -> Bool)
    case any
  }

  @usableFromInline let kind: Kind
  /// The diagram name of the matched states, or `nil` for ``any``.
  /// The diagram name of what the pattern matches, or `nil` for ``any``.
  public let name: String?
  /// A sample value, when the pattern names one (to show the state's fields).
  let sample: State?

  /// Any state.
  public static var any: StatePattern { StatePattern(kind: .any, name: nil, sample: nil) }

  /// Every value of the enum case named `name`, whatever its payload.
  public static func `case`(_ name: String) -> StatePattern {
    StatePattern(kind: .enumCase, name: name, sample: nil)
  }

  /// Every state whose dynamic type is `T` (for systems whose `State` is a protocol).
  public static func type<T>(_ type: T.Type) -> StatePattern {
    StatePattern(kind: .type({ $0 is T }), name: Naming.typeName(T.self), sample: nil)
  }

  /// How specific the pattern is: a value beats a case, which beats a type, which beats any.
  var specificity: Int {
    switch kind {
    case .value: 3
    case .enumCase: 2
    case .type: 1
    case .any: 0
    }
  }

  /// Whether `state` matches.
  /// Whether `state` matches the pattern.
  @inlinable
  public func matches(_ state: State) -> Bool {
    switch kind {
    case .value(let equals): equals(state)
    case .enumCase: Naming.name(of: state) == name
    case .type(let test): test(state)
    case .any: true
    }
  }

  var graphMatch: String {
    switch kind {
    case .value: "value"
    case .enumCase: "enumCase"
    case .type: "type"
    case .any: "any"
    }
  }
}

extension StatePattern where State: Equatable {
  /// Exactly `state`.
  public static func value(_ state: State) -> StatePattern {
    StatePattern(kind: .value({ $0 == state }), name: Naming.name(of: state), sample: state)
  }
}
