public import FeedbackGraph

/// The ids every step uses, named where the runtime's users look for them. They are
/// defined once, in `FeedbackGraph`, which traces and diagrams share.
public typealias EffectID = FeedbackGraph.EffectID

/// A feedback as a step names it: its id, unique within the system (its position among the
/// system's feedbacks), and its name, for people (two feedbacks may share a name).
public struct FeedbackRef: Hashable, Sendable, CustomStringConvertible {
  /// The feedback's position in the system's feedbacks, in declaration order.
  public let id: FeedbackID
  /// The feedback's name, as the system declares it.
  public let name: String

  /// A reference to the feedback `id`, named `name`.
  @inlinable
  package init(id: FeedbackID, name: String) {
    (self.id, self.name) = (id, name)
  }

  /// The feedback's name.
  public var description: String { name }
}

/// Who sent an event into a loop.
public enum EventSource: Hashable, Sendable, CustomStringConvertible {
  /// `Loop.send` from outside.
  case external
  /// This feedback (an effect of it, an input or a mediator).
  case feedback(FeedbackRef)

  /// The value as one line of text: `external`, or the feedback's name.
  public var description: String {
    switch self {
    case .external: "external"
    case .feedback(let feedback): feedback.name
    }
  }
}

/// One step of a running loop, as an observer reads it: the loop's one step type.
///
/// Pass `onStep` to ``Loop/init(_:scheduler:onStep:)`` to see every step, in order. It is
/// called on the loop's turn, one step at a time, never concurrently — also when
/// ``Loop/stop()`` races a turn on another thread. An effect's `effectStarted` comes
/// before its emissions and before its one `effectFinished` or `effectCancelled`; effect
/// ids are dense: 0, 1, 2, … in the order effects start (a synchronous effect takes one
/// too). Feedbacks are carried as ``FeedbackRef``s: the id that tells them apart beside the
/// name people read. Each case carries exactly its fields: `before` and `after` are the
/// states around an event, `state` the one state of a step that did not change it.
///
/// A step travels one way: the loop builds it once, at its observer, and
/// `FeedbackLoopTracing` maps it once into `FeedbackGraph`'s `TraceStep`, the versioned
/// record with the values described and encoded, which trace files hold (its
/// `TraceWriter` writes one per step). Nothing maps a trace record back into a step.
///
/// Why a type of its own: it is the step with the system's own typed values, as the loop
/// reports it to an observer; the trace record (readable without the system's types) and
/// the test kit's `RecordedStep` (index, time, cause beside it) are made from it.
public enum LoopStep<State: Sendable, Event: Sendable>: Sendable {
  /// The loop started in `state`, its initial state.
  case initial(state: State)
  /// `event` from `source` was reduced from `before` to `after`; `transition` is the
  /// declared transition that matched, if the system declares them.
  case reduced(event: Event, source: EventSource, before: State, after: State, transition: TransitionID?)
  /// No declared transition accepts `event` in `state`: it was ignored.
  case ignored(event: Event, source: EventSource, state: State)
  /// The declared transition `transition` produced `after`, which is outside its declared
  /// targets. The state did change; the diagram does not show this edge.
  case undeclaredTransition(event: Event, source: EventSource, before: State, after: State, transition: TransitionID)
  /// A feedback started an effect.
  case effectStarted(EffectID, feedback: FeedbackRef)
  /// An effect emitted `event`. It is reduced in turn (`.reduced`, `.ignored`, …): next,
  /// for an async effect; after the events queued before it, for a synchronous one —
  /// unless the loop stops first, which drops it (then `.stopped` comes before any
  /// reduction of it), or, for a synchronous effect of a feedback under
  /// ``ExecutionStrategy/cancelOnNewState``, unless a newer state that the feedback answers
  /// is reduced first, which drops it too (the peers' "latest" semantics).
  case effectEmitted(EffectID, feedback: FeedbackRef, event: Event)
  /// An effect finished: its operation returned (reported before the event it emitted
  /// last is reduced).
  case effectFinished(EffectID, feedback: FeedbackRef)
  /// An effect was cancelled while its operation ran: a new state, a removed request, or the
  /// loop stopping. An effect whose operation returned is never cancelled.
  case effectCancelled(EffectID, feedback: FeedbackRef)
  /// The loop stopped; nothing is reported after this. See ``Loop/stop()``.
  case stopped

  /// What kind of step this is, in the trace files' vocabulary.
  public var kind: StepKind {
    switch self {
    case .initial: .initial
    case .reduced: .event
    case .ignored: .ignoredEvent
    case .undeclaredTransition: .undeclaredTransition
    case .effectStarted: .effectStarted
    case .effectEmitted: .effectEmitted
    case .effectFinished: .effectFinished
    case .effectCancelled: .effectCancelled
    case .stopped: .stopped
    }
  }
}

extension LoopStep {
  /// The event of an event step (reduced, ignored, undeclared) or of `effectEmitted`.
  public var event: Event? {
    switch self {
    case .reduced(let event, _, _, _, _), .ignored(let event, _, _), .undeclaredTransition(let event, _, _, _, _),
      .effectEmitted(_, _, let event):
      event
    default: nil
    }
  }

  /// The feedback of an effect step, or the feedback that sent an event step's event
  /// (`nil` for an event sent from outside).
  public var feedback: FeedbackRef? {
    switch self {
    case .reduced(_, let source, _, _, _), .ignored(_, let source, _), .undeclaredTransition(_, let source, _, _, _):
      if case .feedback(let feedback) = source { feedback } else { nil }
    case .effectStarted(_, let feedback), .effectEmitted(_, let feedback, _), .effectFinished(_, let feedback),
      .effectCancelled(_, let feedback):
      feedback
    default: nil
    }
  }

  /// The effect of an effect step.
  public var effect: EffectID? {
    switch self {
    case .effectStarted(let effect, _), .effectEmitted(let effect, _, _), .effectFinished(let effect, _),
      .effectCancelled(let effect, _):
      effect
    default: nil
    }
  }

  /// The state after the step: the initial state, the state an event led to, or the
  /// unchanged state of an ignored event; `nil` for effect steps and `stopped`.
  public var after: State? {
    switch self {
    case .initial(let state), .ignored(_, _, let state): state
    case .reduced(_, _, _, let after, _), .undeclaredTransition(_, _, _, let after, _): after
    default: nil
    }
  }
}

extension LoopStep {
  /// The step a (non-synchronous, see `ProbeStep.expanded`) probe step stands for, with
  /// feedbacks named by `feedbackNames` (the system's, in declaration order).
  ///
  /// Only for steps a loop made: they carry every field their kind needs (the unwraps below
  /// state that contract).
  @inlinable
  package init(_ step: ProbeStep<State, Event>, feedbackNames: [String]) {
    let feedback = step.feedback.map { FeedbackRef(id: $0, name: feedbackNames[$0.index]) }
    let source: EventSource = feedback.map { .feedback($0) } ?? .external
    switch step.kind {
    case .initial:
      self = .initial(state: step.after!)
    case .event:
      self = .reduced(
        event: step.event!, source: source, before: step.before!, after: step.after!, transition: step.transition)
    case .ignoredEvent:
      self = .ignored(event: step.event!, source: source, state: step.before!)
    case .undeclaredTransition:
      self = .undeclaredTransition(
        event: step.event!, source: source, before: step.before!, after: step.after!, transition: step.transition!)
    case .effectStarted:
      self = .effectStarted(step.effect!, feedback: feedback!)
    case .effectEmitted:
      self = .effectEmitted(step.effect!, feedback: feedback!, event: step.event!)
    case .effectFinished:
      self = .effectFinished(step.effect!, feedback: feedback!)
    case .effectCancelled:
      self = .effectCancelled(step.effect!, feedback: feedback!)
    case .stopped:
      self = .stopped
    }
  }
}

extension EventSource {
  /// The sending feedback's id; `nil` for the outside.
  @inlinable
  package var feedbackID: FeedbackID? {
    if case .feedback(let feedback) = self { return feedback.id }
    return nil
  }

  /// The sending feedback's name; `nil` for the outside.
  package var feedbackName: String? {
    if case .feedback(let feedback) = self { return feedback.name }
    return nil
  }
}
