/// A transition table: the transitions a system declares, in a result builder that accepts
/// `if`, `if`/`else` and `for`.
///
/// ```swift
/// Transitions {
///   Transition(from: .red, on: .tick, to: .green)
///   Transition(from: .green, on: .tick, to: .yellow)
///   Transition(from: .yellow, on: .tick, to: .red)
///   Transition(from: .any, on: .emergency, to: .red)
/// }
/// ```
///
/// ## Precedence
/// For a state and an event, the loop takes the first transition that matches, in this
/// order: the most specific source first (a value, then an enum case, then a type, then
/// `.any`), then the most specific event in the same order, then declaration order. A
/// transition whose guard returns `false` does not match and the next one is tried. An
/// event that no transition accepts is ignored: the state stays, feedbacks are not
/// re-run, and observers see an ignored event.
///
/// ## Cost
/// A system builds its dispatch once: for each pair of a state's enum case (or type) and an
/// event's, met for the first time, the transitions that may match, in precedence order
/// (a case's name is computed once per case). An event then costs about what a `switch`
/// costs, whatever the table's size; only guards, `where:` tests and `==` on values with
/// payloads are run per event. `==` must not equate values of different enum cases
/// (synthesized `Equatable` never does).
public struct Transitions<State: Sendable, Event: Sendable>: Sendable {
  /// The transitions, in declaration order.
  let list: [Transition<State, Event>]

  /// Declares transitions.
  public init(@TransitionsBuilder<State, Event> _ transitions: () -> [Transition<State, Event>]) {
    self.list = transitions()
  }

  init(list: [Transition<State, Event>]) {
    self.list = list
  }
}

/// Builds the list of transitions inside `Transitions { … }`.
@resultBuilder
public enum TransitionsBuilder<State: Sendable, Event: Sendable>: ListBuilder {
  /// A transition: the block builds the table's list of transitions.
  public typealias Component = Transition<State, Event>

  /// A `Transition<State, Event>` written in the block, as its parts.
  public static func buildExpression(_ transition: Transition<State, Event>) -> [Transition<State, Event>] {
    [transition]
  }

  /// A `Transitions<State, Event>` written in the block, as its parts.
  public static func buildExpression(_ transitions: Transitions<State, Event>) -> [Transition<State, Event>] {
    transitions.list
  }
}
