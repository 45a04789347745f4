/// What a feedback does with the effects it started when the loop reaches a new state
/// (Feedbacks' strategies), per feedback; a group's ``Feedbacks/strategy(_:)`` applies to
/// the feedbacks that chose none.
///
/// The strategy decides what happens to an effect's events that are not reduced yet when a
/// newer state arrives — including the events of a *synchronous* effect (``Effect/send(_:)-(Event)``),
/// which wait in the loop's queue behind events sent earlier:
///
/// | | ReactiveFeedback, Loop | CombineFeedback | here |
/// |---|---|---|---|
/// | a newer state arrives | drop ("latest") | keep | ``cancelOnNewState`` drops, ``continueOnNewState`` keeps |
///
/// With two feedbacks that each answer a state with one synchronous event — "_a" unless
/// the state ends in "_a", "_b" unless it ends in "_b" — `.cancelOnNewState` gives
/// ReactiveFeedback's `initial, initial_a, initial_a_b, initial_a_b_a, …`; with both
/// always answering, `.continueOnNewState` gives CombineFeedback's alternation.
public enum ExecutionStrategy: String, Sendable, Hashable, CaseIterable {
  /// A new state cancels the effect this feedback started for an earlier state (the
  /// default; ReactiveFeedback's and Loop's "latest" semantics): its task is cancelled and
  /// its events that are not reduced yet — even those a synchronous effect already queued —
  /// are never delivered. It applies when the feedback answers the new state (with a new
  /// effect, or a decision to cancel); a feedback that keeps its effect
  /// (``Feedback/skippingRepeated(_:emits:_:effect:)`` with an unchanged value), or is
  /// disabled for the state, cancels nothing. Keyed feedbacks
  /// (``Feedback/requests(_:emits:_:effect:)``) cancel the effects of the requests that
  /// went away.
  case cancelOnNewState
  /// Effects keep running until they finish or the loop stops; all their events arrive,
  /// in the order they were sent (CombineFeedback's semantics for queued events).
  case continueOnNewState
}
