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
public enum SystemBuilder<State: Sendable, Event: Sendable> {
  public static func buildExpression(_ transitions: Transitions<State, Event>) -> [SystemComponent<State, Event>] {
    [SystemComponent(kind: .transitions(transitions.list))]
  }

  public static func buildExpression(_ reducer: Reducer<State, Event>) -> [SystemComponent<State, Event>] {
    [SystemComponent(kind: .reducer(reducer))]
  }

  public static func buildExpression(_ feedbacks: Feedbacks<State, Event>) -> [SystemComponent<State, Event>] {
    [SystemComponent(kind: .feedbacks(feedbacks.list))]
  }

  public static func buildExpression(_ feedback: Feedback<State, Event>) -> [SystemComponent<State, Event>] {
    [SystemComponent(kind: .feedbacks([feedback]))]
  }

  public static func buildBlock(_ parts: [SystemComponent<State, Event>]...) -> [SystemComponent<State, Event>] {
    parts.flatMap { $0 }
  }

  public static func buildOptional(_ part: [SystemComponent<State, Event>]?) -> [SystemComponent<State, Event>] {
    part ?? []
  }

  public static func buildEither(first part: [SystemComponent<State, Event>]) -> [SystemComponent<State, Event>] {
    part
  }

  public static func buildEither(second part: [SystemComponent<State, Event>]) -> [SystemComponent<State, Event>] {
    part
  }

  public static func buildArray(_ parts: [[SystemComponent<State, Event>]]) -> [SystemComponent<State, Event>] {
    parts.flatMap { $0 }
  }
}
