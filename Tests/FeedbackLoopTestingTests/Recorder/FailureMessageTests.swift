import FeedbackLoop
import FeedbackLoopTesting
import Foundation
import Testing

/// The full text of every failure the recorder reports.
@Suite struct FailureMessageTests {
  @Test func stateMismatch() {
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.send(.emergency) { $0 = .green }
      loop.skipInFlightEffects()
    }
    #expect(
      messages == [
        """
        State mismatch after send(emergency) at step #2.

          (Expected: −, Actual: +)
          − Light.green
          + Light.red

        Timeline (last steps):
          #0   0s      initial    red
          #1   0s      started    timer effect #0
          #2   0s      event      emergency from external: red → red via any state —emergency→ red

        To fix: make the closure of send(emergency) describe the state the loop reached (lines marked +), or fix the transition that produced it.
        """
      ])
  }

  @Test func unexpectedEvent() {
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.scheduler.advance(by: .seconds(30))
      loop.receive(.emergency) { $0 = .green }
      loop.skipInFlightEffects()
    }
    #expect(
      messages == [
        """
        Received an unexpected event at step #4: tick from timer.

          (Expected: −, Actual: +)
          − Signal.emergency
          + Signal.tick

        Timeline (last steps):
          #0   0s      initial    red
          #1   0s      started    timer effect #0
          #2   30s     emitted    timer effect #0: tick
          #3   30s     finished   timer effect #0
          #4   30s     event      tick from timer: red → green via red —tick→ green

        To fix: assert it with receive(tick, from: "timer") before receive(emergency), or call skipReceived().
        """
      ])
  }

  @Test func expectedEventNotReceived() {
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.receive(.tick, from: "timer") { $0 = .green }
      loop.skipInFlightEffects()
    }
    #expect(
      messages == [
        """
        Expected to receive tick from "timer", but no event was received.

        Timeline (last steps):
          #0   0s      initial    red
          #1   0s      started    timer effect #0

        To fix: advance the scheduler (scheduler.advance(by: …)) until the effect emits; 1 action is pending, the next due at 30s.
        """
      ])
  }

  @Test func effectStillRunningAtTheEnd() {
    let sendLine = #line + 3
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.send(.emergency)
      loop.finish()
    }
    #expect(
      messages == [
        """
        An effect is still running at the end of the test: effect #1 of feedback "timer", started at 0s after the step asserted at FailureMessageTests.swift:\(sendLine) (#2 emergency).

        Timeline (last steps):
          #0   0s      initial    red
          #1   0s      started    timer effect #0
          #2   0s      event      emergency from external: red → red via any state —emergency→ red
          #3   0s      cancelled  timer effect #0
          #4   0s      started    timer effect #1

        To fix: advance the scheduler until it finishes, reach a state that cancels it, or call skipInFlightEffects() if it runs forever.
        """
      ])
  }

  @Test func timerStillPending() {
    let messages = failureMessages {
      let loop = LoopRecorder(System<Int, Signal>(initial: 0, reduce: { _, _ in }))
      loop.scheduler.schedule(after: .seconds(5), label: "reminder") {}
      loop.finish()
    }
    #expect(
      messages == [
        """
        The test ended with 1 timer still pending on the scheduler:
          due at 5s: reminder

        Timeline (last steps):
          #0   0s      initial    0

        To fix: advance the scheduler past 5s (scheduler.run()) before the end, or cancel what scheduled them.
        """
      ])
  }

  @Test func undeclaredTransition() {
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.send(.skip) { $0 = .yellow }
      loop.skipInFlightEffects()
    }
    #expect(
      messages == [
        """
        Undeclared transition at step #2: skip from external turned red into yellow, outside the targets of red —skip→ green.

        Timeline (last steps):
          #0   0s      initial    red
          #1   0s      started    timer effect #0
          #2   0s      UNDECLARED skip from external: red → yellow via red —skip→ green

        To fix: add yellow to the targets of red —skip→ green, or fix the closure that computed it.
        """
      ])
  }

  @Test func invariantViolated() {
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.invariant("always red") { $0 == .red }
      loop.scheduler.advance(by: .seconds(30))
      loop.receive(.tick, from: "timer") { $0 = .green }
      loop.skipInFlightEffects()
    }
    #expect(
      messages == [
        """
        Invariant "always red" violated at step #4: green.

        Timeline (last steps):
          #0   0s      initial    red
          #1   0s      started    timer effect #0
          #2   30s     emitted    timer effect #0: tick
          #3   30s     finished   timer effect #0
          #4   30s     event      tick from timer: red → green via red —tick→ green

        To fix: find the event that led to step #4 in the timeline; its transition or reducer breaks the invariant.
        """
      ])
  }

  @Test func traceNotWritable() throws {
    let blocker = FileManager.default.temporaryDirectory.appendingPathComponent(
      "feedbackloop-blocker-\(UUID().uuidString)")
    try Data("a file, not a directory".utf8).write(to: blocker)
    defer { try? FileManager.default.removeItem(at: blocker) }
    let messages = failureMessages {
      let loop = LoopRecorder(
        System<Int, Signal>(initial: 0, reduce: { _, _ in }), traceDirectory: blocker, testName: "traceTest")
      loop.send(.tick)
      loop.finish()
    }
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("The trace of traceTest could not be written to \(blocker.path): ") == true)
    #expect(
      messages.first?.hasSuffix(
        "\n\nTo fix: point FEEDBACKLOOP_TRACE_DIR (or traceDirectory:) at a writable directory.") == true)
    // the user's file is untouched
    #expect(try String(contentsOf: blocker, encoding: .utf8) == "a file, not a directory")
  }

  @Test func eventsNotAssertedAtTheEnd() {
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.scheduler.advance(by: .seconds(30))
      loop.skipInFlightEffects()
      loop.finish()
    }
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix("The test ended with 1 received event not asserted:\n  #4 tick from timer\n") == true)
    #expect(
      messages.first?.hasSuffix("To fix: assert it with receive(…), or call skipReceived() before the end.") == true)
  }

  @Test func unassertedEventsBeforeASend() {
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.scheduler.advance(by: .seconds(30))
      loop.send(.emergency) { $0 = .red }
      loop.skipInFlightEffects()
    }
    #expect(
      messages.first?.hasPrefix(
        """
        Must handle 1 received event before sending emergency:
          #4 tick from timer
        """) == true)
    #expect(
      messages.first?.hasSuffix("To fix: assert it with receive(…) before this send, or call skipReceived().") == true)
  }

  /// `receiveCancellation(of:at:)` of a cancellation at another time (ReadingAFailure shows it).
  @Test func aCancellationAtAnotherTime() {
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.scheduler.advance(by: .seconds(10))
      loop.send(.emergency)
      loop.receiveCancellation(of: "timer", at: .seconds(5))
      loop.skipInFlightEffects()
    }
    #expect(
      messages == [
        """
        Effect #0 of feedback "timer" was cancelled at 10s, not at 5s (step #3).

        Timeline (last steps):
          #0   0s      initial    red
          #1   0s      started    timer effect #0
          #2   10s     event      emergency from external: red → red via any state —emergency→ red
          #3   10s     cancelled  timer effect #0

        To fix: it was cancelled 5s late: check what changed the state at step #2, or expect it at 10s.
        """
      ])
  }
}
