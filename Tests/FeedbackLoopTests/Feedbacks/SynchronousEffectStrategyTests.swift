import FeedbackLoop
import Testing

/// What a strategy does with an event a *synchronous* effect queued for a state, when a
/// newer state arrives before it is reduced. The peers disagree, so each strategy maps to
/// one of them (see `ExecutionStrategy`):
/// - `.cancelOnNewState` drops it, as ReactiveFeedback and Loop ("latest"), in line with
///   "events from a cancelled effect are never delivered";
/// - `.continueOnNewState` keeps it, as CombineFeedback.
@Suite struct SynchronousEffectStrategyTests {
  /// "_a" unless the state ends in "_a"; "_b" unless it ends in "_b".
  static func alternating(_ strategy: ExecutionStrategy, limit: Int) -> [Feedback<String, String>] {
    [
      Suffixes.immediate("a", limit: limit) { $0.hasSuffix("_a") ? nil : "_a" }.strategy(strategy),
      Suffixes.immediate("b", limit: limit) { $0.hasSuffix("_b") ? nil : "_b" }.strategy(strategy),
    ]
  }

  /// "_a" and "_b" for every state.
  static func always(_ strategy: ExecutionStrategy, limit: Int) -> [Feedback<String, String>] {
    [
      Suffixes.immediate("a", limit: limit) { _ in "_a" }.strategy(strategy),
      Suffixes.immediate("b", limit: limit) { _ in "_b" }.strategy(strategy),
    ]
  }

  static func trail(_ feedbacks: [Feedback<String, String>], limit: Int) -> StateTrail<String, String> {
    let trail = StateTrail<String, String>()
    let loop = Loop(Suffixes.system(limit: limit, feedbacks), onStep: trail.monitor)
    loop.stop()
    return trail
  }

  @Test func cancelOnNewStateDropsAQueuedEventOfAnEarlierState() {
    // ReactiveFeedback's and Loop's test_reduce_with_two_immediate_feedback_loops. "_b",
    // queued for "initial", is dropped when "initial_a" arrives and "b" answers it again;
    // keeping it would give "initial_a_b_b".
    let trail = Self.trail(Self.alternating(.cancelOnNewState, limit: 4), limit: 4)
    #expect(trail.states == ["initial", "initial_a", "initial_a_b", "initial_a_b_a", "initial_a_b_a_b"])
  }

  @Test func continueOnNewStateReducesEveryQueuedEvent() {
    // CombineFeedback's test_reduce_with_two_immediate_feedback_loops: both feedbacks answer
    // every state and every answer is reduced, in the order sent, so the suffixes alternate.
    let trail = Self.trail(Self.always(.continueOnNewState, limit: 5), limit: 5)
    #expect(
      trail.distinct == [
        "initial", "initial_a", "initial_a_b", "initial_a_b_a", "initial_a_b_a_b", "initial_a_b_a_b_a",
      ])
  }

  @Test func underCancelOnNewStateTheSameFeedbacksOnlyEverDeliverTheLatest() {
    // The same always-answering pair with ReactiveFeedback's semantics: each new state
    // drops b's queued answer before it is reduced, so only "_a" ever arrives.
    let trail = Self.trail(Self.always(.cancelOnNewState, limit: 3), limit: 3)
    #expect(trail.distinct == ["initial", "initial_a", "initial_a_a", "initial_a_a_a"])
  }

  @Test func continueOnNewStateKeepsTheQueuedEventThatCancelWouldDrop() {
    // The alternating pair under CombineFeedback's semantics: b's answer to "initial" is
    // still reduced after "initial_a", so "_b" arrives twice in a row.
    let trail = Self.trail(Self.alternating(.continueOnNewState, limit: 3), limit: 3)
    #expect(trail.distinct == ["initial", "initial_a", "initial_a_b", "initial_a_b_b"])
  }

  @Test func aFeedbackThatKeepsItsEffectKeepsItsQueuedEvents() {
    // Dropping happens only when the feedback answers the new state: a skippingRepeated
    // feedback whose value did not change keeps its effect, and so its queued events.
    let feedbacks: [Feedback<String, String>] = [
      Feedback.skippingRepeated("pair", { Suffixes.count($0) < 2 ? true : nil }) { _ in .send("_x", "_y") }
    ]
    let trail = Self.trail(feedbacks, limit: 2)
    #expect(trail.distinct == ["initial", "initial_x", "initial_x_y"])
  }
}
