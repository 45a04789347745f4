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

  /// The parts of a block, in order.
  public static func buildBlock(_ parts: [SystemComponent<State, Event>]...) -> [SystemComponent<State, Event>] {
    parts.flatMap { $0 }
  }

  /// The parts of an `if` without `else`: none when the condition is false.
  public static func buildOptional(_ part: [SystemComponent<State, Event>]?) -> [SystemComponent<State, Event>] {
    part ?? []
  }

  /// The parts of an `if` branch (or a `switch` case).
  public static func buildEither(first part: [SystemComponent<State, Event>]) -> [SystemComponent<State, Event>] {
    part
  }

  /// The parts of an `else` branch (or a later `switch` case).
  public static func buildEither(second part: [SystemComponent<State, Event>]) -> [SystemComponent<State, Event>] {
    part
  }

  /// The parts of every pass of a `for` loop, in order.
  public static func buildArray(_ parts: [[SystemComponent<State, Event>]]) -> [SystemComponent<State, Event>] {
    parts.flatMap { $0 }
  }
}
