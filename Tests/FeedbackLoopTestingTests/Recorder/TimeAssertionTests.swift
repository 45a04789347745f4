import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// `receive(_:at:)` and `receiveNothing(before:)`: time asserted without reading the
/// loop's state by hand.
@Suite struct TimeAssertionTests {
  @Test func theTimerFiresAtThirtySecondsAndNotBefore() {
    let loop = LoopRecorder(light)
    loop.receiveNothing(before: .seconds(30))
    #expect(loop.scheduler.now == .seconds(30))
    loop.receive(.tick, from: "timer", at: .seconds(30)) { $0 = .green }
    loop.skipInFlightEffects()
  }

  @Test func anEventAtAnotherTimeFails() {
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.scheduler.advance(by: .seconds(30))
      loop.receive(.tick, from: "timer", at: .milliseconds(30_500)) { $0 = .green }
      loop.skipInFlightEffects()
    }
    #expect(
      messages == [
        """
        Received tick at 30s, not at 30.5s (step #4).

        Timeline (last steps):
          #0   0s      initial    red
          #1   0s      started    timer effect #0
          #2   30s     emitted    timer effect #0: tick
          #3   30s     finished   timer effect #0
          #4   30s     event      tick from timer: red → green via red —tick→ green

        To fix: the event came 0.5s early: check the effect's delay, or expect it at 30s.
        """
      ])
  }

  @Test func aLateEventFails() {
    // Lacking test (2) of issue #19: only early events were tested.
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.scheduler.advance(by: .seconds(30))
      loop.receive(.tick, from: "timer", at: .milliseconds(29_750)) { $0 = .green }
      loop.skipInFlightEffects()
    }
    #expect(
      messages == [
        """
        Received tick at 30s, not at 29.75s (step #4).

        Timeline (last steps):
          #0   0s      initial    red
          #1   0s      started    timer effect #0
          #2   30s     emitted    timer effect #0: tick
          #3   30s     finished   timer effect #0
          #4   30s     event      tick from timer: red → green via red —tick→ green

        To fix: the event came 0.25s late: check the effect's delay, or expect it at 30s.
        """
      ])
  }

  @Test func anEventBeforeTheQuietTimeFails() {
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.receiveNothing(before: .seconds(31))
      loop.skipInFlightEffects()
    }
    #expect(
      messages == [
        """
        Expected no event before 31s, but received 1:
          #4 at 30s: tick from timer

        Timeline (last steps):
          #0   0s      initial    red
          #1   0s      started    timer effect #0
          #2   30s     emitted    timer effect #0: tick
          #3   30s     finished   timer effect #0
          #4   30s     event      tick from timer: red → green via red —tick→ green

        To fix: assert it with receive(…) before this call, or wait for a later time.
        """
      ])
  }

  @Test func aQuietTimeInThePastFails() {
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.scheduler.advance(by: .seconds(10))
      loop.receiveNothing(before: .seconds(5))
      loop.skipInFlightEffects()
    }
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix(
        "receiveNothing(before: 5s) asks about the past: the scheduler is at 10s.") == true)
    #expect(
      messages.first?.hasSuffix(
        "To fix: pass a time after 10s, or assert the events already received with receive(…).") == true)
  }
}
