package import FeedbackLoop

/// The counter of ReactiveFeedback, Loop and CombineFeedback: a value that `increment` and
/// `decrement` change by one.
package enum Counter {
  /// The counter's state: one value.
  package struct State: Hashable, Sendable, Codable {
    /// The current count.
    package var value: Int

    /// Creates a state.
    package init(value: Int = 0) { self.value = value }
  }

  /// What changes the count.
  package enum Event: Hashable, Sendable, Codable {
    case increment
    case decrement
  }

  /// The counter system, starting at `initial`.
  package static func system(initial: Int = 0) -> System<State, Event> {
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
