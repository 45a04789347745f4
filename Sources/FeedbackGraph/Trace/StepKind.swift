/// The kinds of ``TraceStep``.
public enum StepKind: String, Codable, Hashable, Sendable, CaseIterable {
  /// The loop started in its initial state.
  case initial
  /// An event was reduced into a new state.
  case event
  /// An event was received that no transition accepts; the state did not change.
  case ignoredEvent
  /// A transition produced a state outside its declared targets.
  case undeclaredTransition
  /// A feedback started an effect.
  case effectStarted
  /// An effect emitted an event.
  case effectEmitted
  /// An effect finished: its operation returned (recorded before the event it emitted last
  /// is reduced).
  case effectFinished
  /// An effect was cancelled while its operation ran (new state, a removed key, or the loop
  /// stopped); an effect whose operation returned is never cancelled.
  case effectCancelled
  /// The loop stopped (every effect still running was cancelled just before).
  case stopped

  /// Whether steps of this kind carry an event and the state it left: `event`,
  /// `ignoredEvent` and `undeclaredTransition`.
  package var isEventStep: Bool {
    switch self {
    case .event, .ignoredEvent, .undeclaredTransition: true
    default: false
    }
  }

  /// Whether steps of this kind concern an effect.
  package var isEffectStep: Bool {
    switch self {
    case .effectStarted, .effectEmitted, .effectFinished, .effectCancelled: true
    default: false
    }
  }
}
