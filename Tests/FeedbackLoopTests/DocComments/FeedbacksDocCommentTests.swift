import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// The doc comment's example of `Feedbacks`, verbatim (DocCommentMirrorCheckTests), run.
@Suite(.timeLimit(.minutes(3))) struct FeedbacksDocCommentTests {
  /// The group's `disabled(when:)` reaches the timer: it ticks while on, never while off.
  @Test func aGroupsModifierReachesEachOfItsFeedbacks() {
    enum Power: Hashable, Sendable { case on(Int), off }
    enum PowerEvent: Hashable, Sendable { case tick }
    let logging = true

    let feedbacks = Feedbacks<Power, PowerEvent> {
      Feedback("timer", emits: [.tick]) { state, clock in
        try await clock.sleep(for: .seconds(1))
        return .tick
      }
      if logging {
        Feedback("log") { state in
          print(state)
          return .none
        }
      }
    }
    .disabled(when: { $0 == .off })

    #expect(feedbacks.list.map(\.name) == ["timer", "log"])
    func power(initial: Power) -> System<Power, PowerEvent> {
      System(initial: initial) {
        Reducer { state, _ in if case .on(let count) = state { state = .on(count + 1) } }
        feedbacks
      }
    }
    let on = LoopRecorder(power(initial: .on(0)))
    on.receiveNothing(before: .seconds(1))
    on.receive(.tick, from: "timer", at: .seconds(1)) { $0 = .on(1) }
    on.skipInFlightEffects()
    let off = LoopRecorder(power(initial: .off))
    off.receiveNothing(before: .seconds(10))
  }
}
