public import FeedbackLoop

/// The counter of ReactiveFeedback, Loop and CombineFeedback: a value that `increment` and
/// `decrement` change by one.
public enum Counter {
  /// The counter's state: one value.
  public struct State: Hashable, Sendable, Codable {
    /// The current count.
    public var value: Int

    /// Creates a state.
    public init(value: Int = 0) { self.value = value }
  }

  /// What changes the count.
  public enum Event: Hashable, Sendable, Codable {
    case increment
    case decrement
  }

  /// The counter system, starting at `initial`.
  public static func system(initial: Int = 0) -> System<State, Event> {
    System("Counter", initial: State(value: initial)) {
      Transitions {
        Transition(from: .type(State.self), on: .increment, label: "value + 1") { state, _ in
          State(value: state.value + 1)
        }
        Transition(from: .type(State.self), on: .decrement, label: "value - 1") { state, _ in
          State(value: state.value - 1)
        }
      }
    }
  }
}
