// The "Exploring a system" article's snippet (FeedbackLoopExplorer), verbatim.
import FeedbackLoopExamples
import FeedbackLoopExplorer
import FeedbackLoopTesting
import Testing

@Test func signInIsSound() {
  Explorer(
    SignIn.system(),
    events: [.emailChanged("ada@example.com"), .passwordChanged("short"), .passwordChanged("correct horse"), .submit],
    feedbackEvents: [.succeeded(user: "ada"), .rejected("wrong password")]
  )
  .invariant("only valid forms are submitted") { state in
    if case .submitting(let form) = state { return form.isValid }
    return true
  }
  .final { if case .signedIn = $0 { true } else { false } }
  .waits(in: .case("editing"), .case("failed"))  // the user's turn: not stuck
  .assertNoFindings()  // each finding fails the test here, with its path and a test to paste
}
