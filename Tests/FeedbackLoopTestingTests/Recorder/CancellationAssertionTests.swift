import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// `receiveCancellation(of:at:)`: an effect's cancellation asserted in order, at a time (the
/// message of one at another time is pinned in `FailureMessageTests`, for the article).
@Suite struct CancellationAssertionTests {
  /// An emergency at 10 s replaces the state: the timer's effect #0 is cancelled then.
  @Test func aCancellationAssertedInOrderAndOnTimePasses() {
    let loop = LoopRecorder(light)
    loop.scheduler.advance(by: .seconds(10))
    loop.send(.emergency)
    loop.receiveCancellation(of: "timer", at: .seconds(10))
    loop.send(.emergency)
    loop.receiveCancellation(of: "timer")  // the next one: effect #1
    loop.skipInFlightEffects()
    let cancelled = loop.steps.compactMap { step -> Int? in
      if case .effectCancelled(let id, _) = step.step { id.index } else { nil }
    }
    #expect(cancelled == [0, 1])
  }

  /// Nothing was cancelled; the message says what still runs.
  @Test func noCancellation() {
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.receiveCancellation(of: "timer")
      loop.skipInFlightEffects()
    }
    #expect(
      messages == [
        """
        Expected an effect of feedback "timer" to be cancelled, but none was cancelled.

        Timeline (last steps):
          #0   0s      initial    red
          #1   0s      started    timer effect #0

        To fix: effect #0 of "timer" is still running (started at step #1): reach a state that cancels it before receiveCancellation(of: "timer"), or remove the call.
        """
      ])
  }

  /// Too early: the event that caused it is not asserted (sent past the recorder).
  @Test func aCancellationAfterAnUnassertedEvent() {
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.loop.send(.emergency)
      loop.receiveCancellation(of: "timer")
      loop.skipReceived()
      loop.skipInFlightEffects()
    }
    #expect(
      messages == [
        """
        Effect #0 of feedback "timer" was cancelled at step #3, after #2 emergency, which is not asserted yet.

        Timeline (last steps):
          #0   0s      initial    red
          #1   0s      started    timer effect #0
          #2   0s      event      emergency from external: red → red via any state —emergency→ red
          #3   0s      cancelled  timer effect #0

        To fix: assert #2 with send(…) or receive(…) before receiveCancellation(of: "timer").
        """
      ])
  }

  /// Too late: the first call takes effect #1's cancellation (after the last send); the
  /// second finds #0's, which came before it.
  @Test func aCancellationBeforeTheLastAssertion() {
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.send(.emergency)
      loop.send(.emergency)
      loop.receiveCancellation(of: "timer")
      loop.receiveCancellation(of: "timer")
      loop.skipInFlightEffects()
    }
    #expect(
      messages == [
        """
        Effect #0 of feedback "timer" was cancelled at step #3, before the last assertion (step #5).

        Timeline (last steps):
          #0   0s      initial    red
          #1   0s      started    timer effect #0
          #2   0s      event      emergency from external: red → red via any state —emergency→ red
          #3   0s      cancelled  timer effect #0
          #4   0s      started    timer effect #1
          #5   0s      event      emergency from external: red → red via any state —emergency→ red

        To fix: move receiveCancellation(of: "timer") right after the assertion of step #2, which cancelled it.
        """
      ])
  }

  @Test func anUnknownFeedback() {
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.receiveCancellation(of: "timr")
      loop.skipInFlightEffects()
    }
    #expect(
      messages == [
        """
        receiveCancellation(of: "timr"): Light has no feedback named "timr"; its feedbacks: "timer".

        To fix: name one of its feedbacks.
        """
      ])
  }
}
