/// One part of a ``System``: transitions, a reducer, or feedbacks.
public struct SystemComponent<State: Sendable, Event: Sendable>: Sendable {
  enum Kind: Sendable {
    case transitions([Transition<State, Event>])
    case reducer(Reducer<State, Event>)
    case feedbacks([Feedback<State, Event>])
  }

  let kind: Kind
}

/// Builds a ``System`` from ``Transitions``, ``Reducer``s, ``Feedbacks`` and single
/// ``Feedback``s; `if`, `if`/`else` and `for` work inside it.
@resultBuilder
public enum SystemBuilder<State: Sendable, Event: Sendable>: ListBuilder {
  /// One part of the system.
  public typealias Component = SystemComponent<State, Event>

  /// A `Transitions<State, Event>` written in the block, as its parts.
  public static func buildExpression(_ transitions: Transitions<State, Event>) -> [SystemComponent<State, Event>] {
    [SystemComponent(kind: .transitions(transitions.list))]
  }

  /// A `Reducer<State, Event>` written in the block, as its parts.
  public static func buildExpression(_ reducer: Reducer<State, Event>) -> [SystemComponent<State, Event>] {
    [SystemComponent(kind: .reducer(reducer))]
  }

  /// A `Feedbacks<State, Event>` written in the block, as its parts.
  public static func buildExpression(_ feedbacks: Feedbacks<State, Event>) -> [SystemComponent<State, Event>] {
    [SystemComponent(kind: .feedbacks(feedbacks.list))]
  }

  /// A `Feedback<State, Event>` written in the block, as its parts.
  public static func buildExpression(_ feedback: Feedback<State, Event>) -> [SystemComponent<State, Event>] {
    [SystemComponent(kind: .feedbacks([feedback]))]
  }
}
