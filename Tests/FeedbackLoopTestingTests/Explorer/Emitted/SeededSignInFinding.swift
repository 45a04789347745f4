// Written by the explorer (ExplorerEmissionTests); compiled and run by that suite.
// Re-record: RECORD_SNAPSHOTS=1 swift test --filter ExplorerEmissionTests
// The explorer's output, compared byte for byte: not formatted.
// swift-format-ignore-file
import FeedbackLoopExamples
import FeedbackLoopTesting

// Found by the explorer: Invariant "only valid forms are submitted" is violated after 1 event: .emailChanged("ada@example.com\n"): submitting(FeedbackLoopExamples.SignIn.Form(email: "ada@example.com", password: "")).
func seededSignInSubmitsAnInvalidForm() {
  let loop = LoopRecorder(SeededSignIn.system(), exhaustivity: .off())
  loop.invariant("only valid forms are submitted", SeededSignIn.onlyValidFormsAreSubmitted)
  loop.send(.emailChanged("ada@example.com\n")) { $0 = .submitting(FeedbackLoopExamples.SignIn.Form(email: "ada@example.com", password: "")) }
  loop.finish()
}
