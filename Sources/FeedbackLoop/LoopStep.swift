public import FeedbackGraph

/// The ids every step uses, named where the runtime's users look for them. They are
/// defined once, in `FeedbackGraph`, which traces and diagrams share.
public typealias EffectID = FeedbackGraph.EffectID

/// One step of a running loop, exactly as the loop reports it: the vocabulary of
/// `FeedbackGraph`'s `Step` (`StepKind`, `TransitionID`,
/// `FeedbackID`, `EffectID`) with the values themselves instead of their descriptions.
///
/// ``LoopActivity``, the test kit's recording and trace files are plain mappings of it.
/// Fields that do not apply to ``kind`` are `nil`.
/// Why a type of its own: it is the step itself, with the system's typed values, as the
/// loop reports it on its hot path (three integers for the ids); every other form is a
/// mapping of it.
public struct LoopStep<State: Sendable, Event: Sendable>: Sendable {
  /// What happened. `stopped` has no other field.
  public var kind: StepKind
  /// `true` for an effect that started, emitted ``event`` and finished at once (a feedback
  /// returning `.send(event)`): one report standing for the three steps `effectStarted`,
  /// `effectEmitted`, `effectFinished`, so that the loop's busiest path reports once.
  /// ``kind`` is then `effectEmitted`, and mappings expand it (see ``expanded``).
  public var isSynchronousEffect: Bool
  /// The event of an event step or of `effectEmitted`.
  public var event: Event?
  /// The state before an event step.
  public var before: State?
  /// The state after an event step (equal to ``before`` when the event was ignored), or
  /// the initial state.
  public var after: State?

  // The three ids are stored as plain integers, `Int.min` for none, and read through the
  // typed optional properties below: a loop builds two steps per feedback cycle for its
  // recorder, and optionals of `Int` (a value and a tag each) make that slower.
  @usableFromInline var feedbackIndex: Int
  @usableFromInline var effectNumber: Int
  @usableFromInline var transitionIndex: Int

  /// For event steps, the feedback that emitted the event (`nil`: ``Loop/send(_:)``); for
  /// effect steps, the feedback that owns the effect.
  @inlinable public var feedback: FeedbackID? {
    get { feedbackIndex == .min ? nil : FeedbackID(feedbackIndex) }
    set { feedbackIndex = newValue?.index ?? .min }
  }

  /// The effect of an effect step.
  @inlinable public var effect: EffectID? {
    get { effectNumber == .min ? nil : EffectID(effectNumber) }
    set { effectNumber = newValue?.rawValue ?? .min }
  }

  /// The declared transition that matched, for `event` and `undeclaredTransition` steps of
  /// systems that declare their transitions.
  @inlinable public var transition: TransitionID? {
    get { transitionIndex == .min ? nil : TransitionID(transitionIndex) }
    set { transitionIndex = newValue?.index ?? .min }
  }

  /// A step; fields that do not apply to `kind` stay `nil`.
  @inlinable
  public init(
    kind: StepKind, event: Event? = nil, feedback: FeedbackID? = nil, effect: EffectID? = nil,
    before: State? = nil, after: State? = nil, transition: TransitionID? = nil, isSynchronousEffect: Bool = false
  ) {
    self.kind = kind
    self.isSynchronousEffect = isSynchronousEffect
    self.event = event
    self.before = before
    self.after = after
    feedbackIndex = feedback?.index ?? .min
    effectNumber = effect?.rawValue ?? .min
    transitionIndex = transition?.index ?? .min
  }

  /// The steps this report stands for: itself, or for a synchronous effect its start,
  /// emission and end.
  public var expanded: [LoopStep] {
    guard isSynchronousEffect else { return [self] }
    var started = LoopStep(kind: .effectStarted, feedback: feedback, effect: effect)
    var emitted = self
    emitted.isSynchronousEffect = false
    var finished = started
    finished.kind = .effectFinished
    started.isSynchronousEffect = false
    return [started, emitted, finished]
  }
}
