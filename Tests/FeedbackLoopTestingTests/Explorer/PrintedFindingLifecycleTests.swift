import FeedbackLoopExplorer
import FeedbackLoopTesting
import Testing

/// The printed tests of `Emitted/PrintedFindings.swift`, pasted, through a fix and a
/// regression: a finding kept as a test.
@Suite struct PrintedFindingLifecycleTests {
  /// A printed test pasted into a suite stays there: it fails while the bug is in, passes
  /// once it is fixed, and fails again when the bug comes back.
  @Test func aPastedPrintedTestFailsWhileTheBugIsInPassesAfterTheFixAndFailsWhenItComesBack() {
    let finalStateLeft =
      "Final state left after 3 events: .pay, .cancel, .authorized (from payment): cancelled —authorized (from payment)→ confirmed, a move out of a final state."
    let stillReaches =
      #"The path still reaches the finding "final-state-left": this test passes once it no longer does (and assertNoFindings() guards the other paths)."#
    #expect(
      failureMessages {
        Checkout.$bugs.withValue(.lateResult) { PrintedFindings().checkoutLine1Finding2FinalStateLeft() }
      }
        == [finalStateLeft + "\n\n" + stillReaches])
    // Fixed: the payment is cancelled with the checkout, so its result can no longer come.
    #expect(issues { Checkout.$bugs.withValue([]) { PrintedFindings().checkoutLine1Finding2FinalStateLeft() } }.isEmpty)
    let fixed = Checkout.$bugs.withValue([]) {
      Checkout.explorer.assertNoLongerReaches(
        "final-state-left", along: [.send(.pay), .send(.cancel), .emitted(.authorized, by: "payment")])
    }
    #expect(
      fixed.noLongerReaches("final-state-left")
        == #"Fixed: the path no longer reaches the finding "final-state-left": the path no longer exists (move 3, .authorized from payment, cannot be replayed in cancelled: payment has no effect in flight there). This test guards this path only; assertNoFindings() guards the rest."#
    )
    // The bug comes back: the same test fails again, for the same reason.
    #expect(
      failureMessages {
        Checkout.$bugs.withValue(.lateResult) { PrintedFindings().checkoutLine1Finding2FinalStateLeft() }
      }
        == [finalStateLeft + "\n\n" + stillReaches])
    // A fix that keeps the path but not the finding passes too: the payment still runs,
    // nothing takes its late result.
    #expect(
      issues { Checkout.$bugs.withValue(.keepsPaying) { PrintedFindings().checkoutLine1Finding2FinalStateLeft() } }
        .isEmpty)
  }

  @Test func aPrintedLassoTestReplaysTheCycle() {
    let messages = failureMessages {
      Checkout.$bugs.withValue(.resetsAttempt) { PrintedFindings().checkoutLine2Finding2NonProgressCycle() }
    }
    #expect(messages.first?.hasPrefix("Non-progress cycle after 1 event: .pay, then forever: ") == true)
    #expect(
      issues { Checkout.$bugs.withValue([]) { PrintedFindings().checkoutLine2Finding2NonProgressCycle() } }.isEmpty)
  }

  @Test func anEarlierPrintedTestStillCompilesAndFailsForTheSameReason() {
    #expect(
      failureMessages { EarlierPrintedFindings().uploadQueueLine1Finding2Stuck(UploadQueue.explorer) } == [
        #"Stuck after 3 events: .enqueue("a"), .enqueue("a"), .uploaded (from upload): no effect is in flight in uploading(file: "a", attempt: 0, queue: [], number: 1), with upload remembering Key(file: "a", attempt: 0), so only an event from outside can move the loop, and it is not declared as waiting (waits(when:))."#
      ])
  }

}
