import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTesting
import Testing
import FeedbackLoopSupport

/// Rough edges of the recorder that a new user hit (issue #12's test-kit list).
@Suite struct RecorderEdgeTests {
  @Test func aRecorderStartsFromAnyState() {
    let loop = LoopRecorder(light, initialState: .yellow)
    #expect(loop.state == .yellow)
    loop.scheduler.advance(by: .seconds(30))
    loop.receive(.tick, from: "timer") { $0 = .red }
    #expect(loop.steps.first?.step.after == .yellow)
    loop.skipInFlightEffects()
  }

  @Test func aClosureThatChangesNothingOnAStepThatChangedNothingIsFlagged() {
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.send(.emergency) { $0 = .red }  // already red: the closure says nothing
      loop.skipInFlightEffects()
    }
    #expect(
      messages == [
        """
        send(emergency) changed nothing at step #2, and its closure describes no change either.

        Timeline (last steps):
          #0   0s      initial    red
          #1   0s      started    timer effect #0
          #2   0s      event      emergency from external: red → red via any state —emergency→ red

        To fix: omit the trailing closure: send(emergency) without one asserts that the state did not change.
        """
      ])
  }

  @Test func noClosureAssertsThatNothingChanged() {
    let loop = LoopRecorder(light)
    loop.send(.emergency)
    loop.skipInFlightEffects()
  }

  @Test func twoUnnamedInvariantsAreTwoInvariants() {
    // The second `invariant` checks the recorded steps against itself only: the first's
    // violation is reported once, not again under the same default description.
    let messages = failureMessages {
      let loop = LoopRecorder(light)
      loop.scheduler.advance(by: .seconds(30))
      loop.receive(.tick, from: "timer") { $0 = .green }
      loop.invariant { $0 != .green }
      loop.invariant { _ in true }
      loop.skipInFlightEffects()
    }
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("Invariant \"invariant\" violated at step #4: green.") == true)
  }

  @Test func anUnimplementedSchedulerFailsAtTheLineThatMadeIt() {
    let lines = Protected<[Int]>([])
    let line = #line + 1
    let scheduler = UnimplementedLoopScheduler("analytics")
    withKnownIssue {
      _ = scheduler.now
    } matching: { issue in
      lines.withLock { $0.append(issue.sourceLocation?.line ?? 0) }
      return true
    }
    #expect(lines.withLock { $0 } == [line])
  }
}
