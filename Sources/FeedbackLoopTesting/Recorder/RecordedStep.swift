public import FeedbackLoop

/// One step a ``LoopRecorder`` saw: what the loop did, when (in virtual time), and in
/// which order.
///
/// Why a type of its own: it adds to the loop's step what only a recording knows, its
/// index, virtual time and cause; the step itself is the one `LoopStep` it holds.
public struct RecordedStep<State: Sendable, Event: Sendable>: Sendable {
  /// The step's position in the recording, from 0.
  public let index: Int
  /// The scheduler's time when it happened.
  public let time: Duration
  /// What happened, as the loop reported it (feedbacks by id and name).
  public let step: LoopStep<State, Event>
  /// The index of the event step (or the initial step) that this step followed: the
  /// reduction an effect was started for.
  @usableFromInline package let cause: Int

  @inlinable
  init(index: Int, time: Duration, step: LoopStep<State, Event>, cause: Int) {
    (self.index, self.time, self.step, self.cause) = (index, time, step, cause)
  }

  /// The event of an event step (reduced, ignored or undeclared), with its source.
  var event: (event: Event, source: EventSource)? {
    switch step {
    case .reduced(let event, let source, _, _, _), .ignored(let event, let source, _),
      .undeclaredTransition(let event, let source, _, _, _):
      (event, source)
    default: nil
    }
  }

  /// The state after an event step (or the initial state).
  var after: State? { step.after }
}
