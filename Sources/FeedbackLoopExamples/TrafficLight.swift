package import FeedbackLoop

/// A traffic light: a timer feedback ticks it red → green → yellow → red, and an emergency
/// turns it red from any state.
package enum TrafficLight {
  /// The light's colour.
  package enum Light: Hashable, Sendable, Codable { case red, green, yellow }

  /// What changes the light.
  package enum Signal: Hashable, Sendable, Codable { case tick, emergency }

  /// How long each colour lasts.
  package static func duration(of light: Light) -> Duration {
    light == .yellow ? .seconds(3) : .seconds(30)
  }

  /// The traffic light system, starting red.
  package static var system: System<Light, Signal> {
    system(lasting: duration(of:), described: "every light: wait 30 s (yellow 3 s)")
  }

  /// The same light with other timings (`watch-demo` runs it fast): each colour lasts
  /// `lasting(colour)`, which the timer's `watching` text, `described`, states.
  package static func system(
    lasting: @escaping @Sendable (Light) -> Duration, described: String
  ) -> System<Light, Signal> {
    System("TrafficLight", initial: .red) {
      Transitions {
        Transition(from: .red, on: .tick, to: .green)
        Transition(from: .green, on: .tick, to: .yellow)
        Transition(from: .yellow, on: .tick, to: .red)
        Transition(from: .any, on: .emergency, to: .red)
      }
      Feedbacks {
        Feedback("timer", emits: [.tick]) { (state: Light, clock) in
          try await clock.sleep(for: lasting(state))
          return .tick
        }
        .strategy(.cancelOnNewState)
        .watching(described)
      }
    }
  }
}
