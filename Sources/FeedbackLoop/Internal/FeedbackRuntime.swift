/// One feedback inside one running loop: its logic (with its own memory) and the effects
/// it has running. Touched only on the loop's turn.
final class FeedbackRuntime<State: Sendable, Event: Sendable> {
  let feedback: Feedback<State, Event>
  let logic: FeedbackLogic<State, Event>
  /// The effect of a single-effect feedback, if one runs.
  var current: EffectHandle?
  /// The effects of a keyed feedback, by request (`nil` for effects that finished at once).
  var requests: [AnyHashable: EffectHandle?] = [:]

  init(_ feedback: Feedback<State, Event>) {
    self.feedback = feedback
    self.logic = feedback.makeLogic()
  }
}
