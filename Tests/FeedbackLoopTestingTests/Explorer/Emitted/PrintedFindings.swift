// Printed by assertNoFindings() (ExplorerEmissionTests), pasted verbatim; compiled with
// this target and run by that suite. Re-record: RECORD_SNAPSHOTS=1 swift test --filter ExplorerEmissionTests
// swift-format-ignore-file
import FeedbackLoopExamples
import FeedbackLoopExplorer
import FeedbackLoopTesting
import Testing

@Suite(.disabled("printed findings: they fail by design, ExplorerEmissionTests runs them"))
struct PrintedFindings {
// Found by the explorer: Invariant "only valid forms are submitted" is violated after 1 event: .emailChanged("ada@example.com\n"): submitting(FeedbackLoopExamples.SignIn.Form(email: "ada@example.com", password: "")).
// Keep it: it fails while this path reaches the finding, passes once it no longer does (assertNoFindings() guards the rest), and fails again if the bug comes back.
@Test func seededSignInLine1Finding1InvariantOnlyValidFormsAreSubmitted() {
  SeededSignIn.explorer.assertNoLongerReaches("invariant-only-valid-forms-are-submitted", along: [
    .send(.emailChanged("ada@example.com\n")),
  ])
}

// Found by the explorer: Deadlock after 4 events: .enqueue("a"), .enqueue("a"), .uploaded (from upload), .enqueue("a"): no event changes uploading(file: "a", attempt: 0, queue: ["a"], number: 1), and it is not marked final.
// Keep it: it fails while this path reaches the finding, passes once it no longer does (assertNoFindings() guards the rest), and fails again if the bug comes back.
// Call it with the explorer that found it: uploadQueueLine1Finding1Deadlock(explorer)
func uploadQueueLine1Finding1Deadlock(_ explorer: Explorer<FeedbackLoopTestingTests.UploadQueue.State, FeedbackLoopTestingTests.UploadQueue.Event>) {
  explorer.assertNoLongerReaches("deadlock", along: [
    .send(.enqueue("a")),
    .send(.enqueue("a")),
    .emitted(.uploaded, by: "upload"),
    .send(.enqueue("a")),
  ])
}

// Found by the explorer: Stuck after 3 events: .enqueue("a"), .enqueue("a"), .uploaded (from upload): no effect is in flight in uploading(file: "a", attempt: 0, queue: [], number: 1), with upload remembering Key(file: "a", attempt: 0), so only an event from outside can move the loop, and it is not declared as waiting (waits(when:)).
// Keep it: it fails while this path reaches the finding, passes once it no longer does (assertNoFindings() guards the rest), and fails again if the bug comes back.
// Call it with the explorer that found it: uploadQueueLine1Finding2Stuck(explorer)
func uploadQueueLine1Finding2Stuck(_ explorer: Explorer<FeedbackLoopTestingTests.UploadQueue.State, FeedbackLoopTestingTests.UploadQueue.Event>) {
  explorer.assertNoLongerReaches("stuck", along: [
    .send(.enqueue("a")),
    .send(.enqueue("a")),
    .emitted(.uploaded, by: "upload"),
  ])
}

// Found by the explorer: Stuck after 2 events: .pick("cat.jpg"), upload's effect ends without an event: no effect is in flight in uploading(FeedbackLoopExamples.Uploader.Attempt(file: "cat.jpg", number: 1)), so only an event from outside can move the loop, and it is not declared as waiting (waits(when:)) (2 more stuck states).
// Keep it: it fails while this path reaches the finding, passes once it no longer does (assertNoFindings() guards the rest), and fails again if the bug comes back.
@Test func uploaderLine1Finding1Stuck() {
  ExampleExplorers.uploader.effectsMayEndSilently("upload").assertNoLongerReaches("stuck", along: [
    .send(.pick("cat.jpg")),
    .ended(by: "upload"),
  ])
}

// Found by the explorer: Property "cancelled stays cancelled" is broken after 3 events: .pay, .cancel, .authorized (from payment): cancelled —authorized (from payment)→ confirmed.
// Keep it: it fails while this path reaches the finding, passes once it no longer does (assertNoFindings() guards the rest), and fails again if the bug comes back.
@Test func checkoutLine1Finding1PropertyCancelledStaysCancelled() {
  Checkout.explorer.assertNoLongerReaches("property-cancelled-stays-cancelled", along: [
    .send(.pay),
    .send(.cancel),
    .emitted(.authorized, by: "payment"),
  ])
}

// Found by the explorer: Final state left after 3 events: .pay, .cancel, .authorized (from payment): cancelled —authorized (from payment)→ confirmed, a move out of a final state.
// Keep it: it fails while this path reaches the finding, passes once it no longer does (assertNoFindings() guards the rest), and fails again if the bug comes back.
@Test func checkoutLine1Finding2FinalStateLeft() {
  Checkout.explorer.assertNoLongerReaches("final-state-left", along: [
    .send(.pay),
    .send(.cancel),
    .emitted(.authorized, by: "payment"),
  ])
}

// Found by the explorer: Effect in flight at the end after 2 events: .pay, .cancel: payment's effect is still running in cancelled, a final state (if it may outlive the loop's end, say so with effectsMayOutliveTheEnd("payment")).
// Keep it: it fails while this path reaches the finding, passes once it no longer does (assertNoFindings() guards the rest), and fails again if the bug comes back.
@Test func checkoutLine1Finding3EffectAtEndPayment() {
  Checkout.explorer.assertNoLongerReaches("effect-at-end-payment", along: [
    .send(.pay),
    .send(.cancel),
  ])
}

// Found by the explorer: Property "an attempt number never goes down" is broken after 4 events: .pay, .failed (from payment), .failed (from payment), .failed (from payment): paying(attempt: 3) —failed (from payment)→ paying(attempt: 1).
// Keep it: it fails while this path reaches the finding, passes once it no longer does (assertNoFindings() guards the rest), and fails again if the bug comes back.
@Test func checkoutLine2Finding1PropertyAnAttemptNumberNeverGoesDown() {
  Checkout.explorer.assertNoLongerReaches("property-an-attempt-number-never-goes-down", along: [
    .send(.pay),
    .emitted(.failed, by: "payment"),
    .emitted(.failed, by: "payment"),
    .emitted(.failed, by: "payment"),
  ])
}

// Found by the explorer: Non-progress cycle after 1 event: .pay, then forever: .failed (from payment), .failed (from payment), .failed (from payment), back to paying(attempt: 1) (the same explored state); no progress, final or waiting state on the way (progress(when:)).
// Keep it: it fails while this path reaches the finding, passes once it no longer does (assertNoFindings() guards the rest), and fails again if the bug comes back.
@Test func checkoutLine2Finding2NonProgressCycle() {
  Checkout.explorer.assertNoLongerReaches("non-progress-cycle", along: [
    .send(.pay),
    .emitted(.failed, by: "payment"),
    .emitted(.failed, by: "payment"),
    .emitted(.failed, by: "payment"),
  ])
}
}
