/// Who sent an event into a loop.
public enum EventSource: Hashable, Sendable, CustomStringConvertible {
  /// `Loop.send` from outside.
  case external
  /// The feedback with this name.
  case feedback(String)

  public var description: String {
    switch self {
    case .external: "external"
    case .feedback(let name): name
    }
  }
}

/// Everything a running loop does, as an observer sees it, in order.
///
/// Pass a monitor to ``Loop/init(_:scheduler:monitor:)`` to see these; the test kit
/// records them as steps. The monitor is called on the loop's turn, one activity at a
/// time, never concurrently.
public enum LoopActivity<State: Sendable, Event: Sendable>: Sendable {
  /// The loop started in `state`.
  case started(state: State)
  /// `event` from `source` was reduced from `before` to `after`; `transition` is the id of
  /// the declared transition that matched (`"t0"`, …), if the system declares them.
  case reduced(event: Event, source: EventSource, before: State, after: State, transition: String?)
  /// No declared transition accepts `event` in `state`: it was ignored.
  case ignored(event: Event, source: EventSource, state: State)
  /// The declared transition `transition` produced `after`, which is outside its declared
  /// targets. The state did change; the diagram does not show this edge.
  case undeclaredTransition(event: Event, source: EventSource, before: State, after: State, transition: String)
  /// A feedback started an effect.
  case effectStarted(EffectID, feedback: String)
  /// An effect emitted `event`; it is reduced next (`.reduced`, `.ignored`, …).
  case effectEmitted(EffectID, feedback: String, event: Event)
  /// An effect finished on its own.
  case effectFinished(EffectID, feedback: String)
  /// An effect was cancelled: a new state, a removed request, or the loop stopping.
  case effectCancelled(EffectID, feedback: String)
  /// The loop stopped.
  case stopped
}
