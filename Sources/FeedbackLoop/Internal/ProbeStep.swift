public import FeedbackGraph

/// One step of a running loop as the loop reports it on its hot path: the fields of
/// `LoopStep` in one flat value, ids as three integers, fields that do not apply to
/// ``kind`` `nil`.
///
/// Not public: users see `LoopStep` (pattern-matchable, feedbacks named beside their
/// ids), built once from this at the observer (`StepObserver`). Only the loop and the test
/// kit's recorder, which stores it compactly, see it: two per feedback cycle, where an enum
/// with a name per step would cost more.
@usableFromInline
package struct ProbeStep<State: Sendable, Event: Sendable>: Sendable {
  /// What happened. `stopped` has no other field.
  @usableFromInline package var kind: StepKind
  /// `true` for an effect that started, emitted ``event`` and finished at once (a feedback
  /// returning `.send(event)`): one report standing for the three steps `effectStarted`,
  /// `effectEmitted`, `effectFinished`, so that the loop's busiest path reports once.
  /// ``kind`` is then `effectEmitted`, and mappings expand it (see ``expanded``).
  @usableFromInline package var isSynchronousEffect: Bool
  /// The event of an event step or of `effectEmitted`.
  @usableFromInline package var event: Event?
  /// The state before an event step.
  @usableFromInline package var before: State?
  /// The state after an event step (equal to ``before`` when the event was ignored), or
  /// the initial state.
  @usableFromInline package var after: State?

  // The three ids are stored as plain integers, -1 for none (as the recorder's records
  // store them), and read through the
  // typed optional properties below: a loop builds two steps per feedback cycle for its
  // recorder, and optionals of `Int` (a value and a tag each) make that slower.
  @usableFromInline var feedbackIndex: Int
  @usableFromInline var effectNumber: Int
  @usableFromInline var transitionIndex: Int

  /// For event steps, the feedback that emitted the event (`nil`: ``Loop/send(_:)``); for
  /// effect steps, the feedback that owns the effect.
  @inlinable package var feedback: FeedbackID? {
    get { feedbackIndex < 0 ? nil : FeedbackID(feedbackIndex) }
    set { feedbackIndex = newValue?.index ?? -1 }
  }

  /// The effect of an effect step.
  @inlinable package var effect: EffectID? {
    get { effectNumber < 0 ? nil : EffectID(effectNumber) }
    set { effectNumber = newValue?.index ?? -1 }
  }

  /// The declared transition that matched, for `event` and `undeclaredTransition` steps of
  /// systems that declare their transitions.
  @inlinable package var transition: TransitionID? {
    get { transitionIndex < 0 ? nil : TransitionID(transitionIndex) }
    set { transitionIndex = newValue?.index ?? -1 }
  }

  /// A step; fields that do not apply to `kind` stay `nil`.
  @inlinable
  package init(
    kind: StepKind, event: Event? = nil, feedback: FeedbackID? = nil, effect: EffectID? = nil,
    before: State? = nil, after: State? = nil, transition: TransitionID? = nil, isSynchronousEffect: Bool = false
  ) {
    self.kind = kind
    self.isSynchronousEffect = isSynchronousEffect
    self.event = event
    self.before = before
    self.after = after
    feedbackIndex = feedback?.index ?? -1
    effectNumber = effect?.index ?? -1
    transitionIndex = transition?.index ?? -1
  }

  /// The steps this report stands for: itself, or for a synchronous effect its start,
  /// emission and end.
  @usableFromInline package var expanded: [ProbeStep] {
    guard isSynchronousEffect else { return [self] }
    var started = ProbeStep(kind: .effectStarted, feedback: feedback, effect: effect)
    var emitted = self
    emitted.isSynchronousEffect = false
    var finished = started
    finished.kind = .effectFinished
    started.isSynchronousEffect = false
    return [started, emitted, finished]
  }
}
