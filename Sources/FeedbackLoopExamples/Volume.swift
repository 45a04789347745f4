package import FeedbackLoop

/// The volume regulator of Feedbacks: two feedbacks drive the volume towards a
/// target, one step at a time, and stop there.
///
/// Its states and events are types, as in Feedbacks: transitions match them with
/// `.type(…)`.
package enum Volume {
  /// The speaker's volume.
  package struct State: Hashable, Sendable, Codable {
    /// The current volume.
    package var value: Int

    /// Creates a state.
    package init(value: Int) { self.value = value }
  }

  /// An event of the volume system (a protocol: its events are types).
  package protocol Event: Sendable {}

  /// Raises the volume by one.
  package struct Increase: Event, Hashable {
    /// Creates the event.
    package init() {}
  }

  /// Lowers the volume by one.
  package struct Decrease: Event, Hashable {
    /// Creates the event.
    package init() {}
  }

  /// The volume system: from `initial` towards `target`.
  package static func system(initial: Int = 10, target: Int = 15) -> System<State, any Event> {
    System("Volume", initial: State(value: initial)) {
      Transitions {
        Transition(from: .type(State.self), on: .type(Increase.self), label: "value + 1") { state, _ in
          State(value: state.value + 1)
        }
        Transition(from: .type(State.self), on: .type(Decrease.self), label: "value - 1") { state, _ in
          State(value: state.value - 1)
        }
      }
      Feedbacks {
        Feedback("raise", emitting: ["Increase"]) { (state: State) -> Effect<any Event> in
          state.value < target ? .send(Increase()) : .none
        }
        .watching("value < \(target)")
        Feedback("lower", emitting: ["Decrease"]) { (state: State) -> Effect<any Event> in
          state.value > target ? .send(Decrease()) : .none
        }
        .watching("value > \(target)")
      }
      .strategy(.continueOnNewState)
    }
  }
}
