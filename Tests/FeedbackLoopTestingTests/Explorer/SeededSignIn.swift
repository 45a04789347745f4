import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopExplorer

/// A copy of the SignIn example with a seeded bug: "Enter submits", an e-mail ending in a
/// newline moves straight to `submitting`, with no check that the form is valid. The
/// explorer must find it with the shortest path, and the test it emits must fail.
enum SeededSignIn {
  typealias Form = SignIn.Form
  typealias State = SignIn.State
  typealias Event = SignIn.Event

  /// The invariant the bug breaks.
  @Sendable static func onlyValidFormsAreSubmitted(_ state: State) -> Bool {
    if case .submitting(let form) = state { return form.isValid }
    return true
  }

  static func system() -> System<State, Event> {
    System("SeededSignIn", initial: .editing(Form())) {
      Transitions {
        for editable in ["editing", "failed"] {
          Transition(
            from: .case(editable), on: .case("emailChanged"), label: "update email; Enter submits",
            targets: [.case("editing"), .case("submitting")]
          ) { state, event in
            var form = state.form ?? Form()
            guard case .emailChanged(let email) = event else { return .editing(form) }
            form.email = email.hasSuffix("\n") ? String(email.dropLast()) : email
            return email.hasSuffix("\n") ? .submitting(form) : .editing(form)  // the bug: no validity check
          }
          Transition(
            from: .case(editable), on: .case("passwordChanged"), label: "update password", targets: [.case("editing")]
          ) {
            state, event in
            var form = state.form ?? Form()
            if case .passwordChanged(let password) = event { form.password = password }
            return .editing(form)
          }
          Transition(from: .case(editable), on: .submit, targets: [.case("submitting")]) { state, _ in
            .submitting(state.form ?? Form())
          }
          .guarded("form is valid") { state, _ in state.form?.isValid ?? false }
        }
        Transition(from: .case("submitting"), on: .case("succeeded"), targets: [.case("signedIn")]) { _, event in
          guard case .succeeded(let user) = event else { return .signedIn(user: "") }
          return .signedIn(user: user)
        }
        Transition(from: .case("submitting"), on: .case("rejected"), label: "keep message", targets: [.case("failed")])
        {
          state, event in
          guard case .rejected(let message) = event else { return state }
          return .failed(state.form ?? Form(), message: message)
        }
      }
      Feedbacks {
        // No real client: the explorer abstracts the effect into "may emit succeeded or
        // rejected", and the emitted test sends the events itself.
        Feedback.on("authenticate", emits: [.succeeded(user: ""), .rejected("")], .case("submitting")) { _ in
          .run { _, _ in }
        }
      }
    }
  }

  /// The explorer of the seeded copy, as a test would write it.
  static var explorer: Explorer<State, Event> {
    Explorer(
      system(),
      events: [
        .emailChanged("ada@example.com"), .emailChanged("ada@example.com\n"), .passwordChanged("correct horse"),
        .submit,
      ],
      feedbackEvents: [.succeeded(user: "ada"), .rejected("wrong password")]
    )
    .invariant(
      "only valid forms are submitted", swift: "SeededSignIn.onlyValidFormsAreSubmitted", onlyValidFormsAreSubmitted
    )
    .final { if case .signedIn = $0 { true } else { false } }
    .waits(in: .case("editing"), .case("failed"))
    .writingSystem("SeededSignIn.system()")
    .writingExplorer("SeededSignIn.explorer")
  }
}
