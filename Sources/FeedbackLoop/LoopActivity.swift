public import FeedbackGraph

/// Who sent an event into a loop.
public enum EventSource: Hashable, Sendable, CustomStringConvertible {
  /// `Loop.send` from outside.
  case external
  /// The feedback with this name.
  case feedback(String)

  /// The value as one line of text.
  public var description: String {
    switch self {
    case .external: "external"
    case .feedback(let name): name
    }
  }
}

/// Everything a running loop does, as an observer reads it, in order: each ``LoopStep``
/// with its feedback named.
///
/// Pass a monitor to ``Loop/init(_:scheduler:monitor:)`` to see these. The monitor is
/// called on the loop's turn, one activity at a time, never concurrently — also when
/// ``Loop/stop()`` races a turn on another thread. An effect's `effectStarted` comes
/// before its emissions and before its one `effectFinished` or `effectCancelled`; its
/// ids are dense: 0, 1, 2, … in the order effects start (a synchronous effect takes one
/// too).
/// Why a type of its own: it is the pattern-matchable view of a ``LoopStep`` for
/// monitors, with feedbacks named and each case carrying exactly its fields (an app's log,
/// an analytics hook), where `LoopStep` keeps optional fields for speed.
public enum LoopActivity<State: Sendable, Event: Sendable>: Sendable {
  /// The loop started in `state`.
  case started(state: State)
  /// `event` from `source` was reduced from `before` to `after`; `transition` is the
  /// declared transition that matched, if the system declares them.
  case reduced(event: Event, source: EventSource, before: State, after: State, transition: TransitionID?)
  /// No declared transition accepts `event` in `state`: it was ignored.
  case ignored(event: Event, source: EventSource, state: State)
  /// The declared transition `transition` produced `after`, which is outside its declared
  /// targets. The state did change; the diagram does not show this edge.
  case undeclaredTransition(event: Event, source: EventSource, before: State, after: State, transition: TransitionID)
  /// A feedback started an effect.
  case effectStarted(EffectID, feedback: String)
  /// An effect emitted `event`. It is reduced in turn (`.reduced`, `.ignored`, …): next,
  /// for an async effect; after the events queued before it, for a synchronous one —
  /// unless the loop stops first, which drops it (then `.stopped` comes before any
  /// reduction of it), or, for a synchronous effect of a feedback under
  /// ``ExecutionStrategy/cancelOnNewState``, unless a newer state that the feedback answers
  /// is reduced first, which drops it too (the peers' "latest" semantics).
  case effectEmitted(EffectID, feedback: String, event: Event)
  /// An effect finished: its operation returned (reported before the event it emitted
  /// last is reduced).
  case effectFinished(EffectID, feedback: String)
  /// An effect was cancelled while its operation ran: a new state, a removed request, or the
  /// loop stopping. An effect whose operation returned is never cancelled.
  case effectCancelled(EffectID, feedback: String)
  /// The loop stopped; nothing is reported after this. See ``Loop/stop()``.
  case stopped
}

extension LoopActivity {
  /// The activity a (non-synchronous, see ``LoopStep/expanded``) step stands for, with
  /// feedbacks named by `feedbackNames` (the system's, in declaration order).
  ///
  /// Only for steps a loop made: they carry every field their kind needs (the unwraps below
  /// state that contract; a hand-made `LoopStep` never reaches this package initializer).
  @inlinable
  package init(_ step: LoopStep<State, Event>, feedbackNames: [String]) {
    let name = step.feedback.map { feedbackNames[$0.index] } ?? ""
    let source: EventSource = step.feedback.map { .feedback(feedbackNames[$0.index]) } ?? .external
    switch step.kind {
    case .initial:
      self = .started(state: step.after!)
    case .event:
      self = .reduced(
        event: step.event!, source: source, before: step.before!, after: step.after!, transition: step.transition)
    case .ignoredEvent:
      self = .ignored(event: step.event!, source: source, state: step.before!)
    case .undeclaredTransition:
      self = .undeclaredTransition(
        event: step.event!, source: source, before: step.before!, after: step.after!, transition: step.transition!)
    case .effectStarted:
      self = .effectStarted(step.effect!, feedback: name)
    case .effectEmitted:
      self = .effectEmitted(step.effect!, feedback: name, event: step.event!)
    case .effectFinished:
      self = .effectFinished(step.effect!, feedback: name)
    case .effectCancelled:
      self = .effectCancelled(step.effect!, feedback: name)
    case .stopped:
      self = .stopped
    }
  }
}
