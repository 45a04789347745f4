/// One feedback inside one running loop: its logic (with its own memory) and the effects
/// it has running. Touched only on the loop's turn.
@usableFromInline
final class FeedbackRuntime<State: Sendable, Event: Sendable> {
  @usableFromInline let feedback: Feedback<State, Event>
  @usableFromInline let logic: FeedbackLogic<State, Event>
  // The feedback's fields the turn reads on every state, copied out of `feedback` so the
  // hot path does not copy the whole struct.
  @usableFromInline let isDisabled: (@Sendable (State) -> Bool)?
  @usableFromInline let stateReceived: (@Sendable (State) -> Void)?
  @usableFromInline let eventEmitted: (@Sendable (Event) -> Void)?
  @usableFromInline let cancelsOnNewState: Bool
  @usableFromInline let scheduler: (any LoopScheduler)?
  /// For an input with ``Feedback/disabled(when:)``: when its events are dropped.
  @usableFromInline let inputGate: (@Sendable (State) -> Bool)?
  // `@exclusivity(unchecked)`: touched only on the loop's turn, one access at a time.
  /// The effect of a single-effect feedback, if one runs.
  @exclusivity(unchecked) @usableFromInline var current: EffectHandle?
  /// Bumped each time a new state cancels this feedback's effect (cancelOnNewState only):
  /// a queued event of a synchronous effect started in an older generation is dropped.
  @exclusivity(unchecked) @usableFromInline var generation = 0
  /// The effects of a keyed feedback, by request (`nil` for effects that finished at once).
  @exclusivity(unchecked) @usableFromInline var requests: [AnyHashable: EffectHandle?] = [:]

  @usableFromInline
  init(_ feedback: Feedback<State, Event>) {
    self.feedback = feedback
    self.logic = feedback.makeLogic()
    self.isDisabled = feedback.isDisabled
    self.stateReceived = feedback.stateReceived
    self.eventEmitted = feedback.eventEmitted
    self.cancelsOnNewState = feedback.executionStrategy == .cancelOnNewState
    self.scheduler = feedback.scheduler
    self.inputGate = feedback.isInput ? feedback.isDisabled : nil
  }
}
