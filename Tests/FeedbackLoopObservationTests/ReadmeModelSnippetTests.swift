// The `LoopModel` snippet of FeedbackLoopObservation's DocC landing page, verbatim, inside a test
// (Tests/FeedbackLoopTestingTests/Readme/ReadmeMirrorCheckTests.swift fails when they drift apart).
import FeedbackLoop
import FeedbackLoopObservation
import FeedbackLoopTesting
import Testing

@Suite struct ReadmeModelSnippetTests {
  struct SignInState: Hashable, Sendable {
    var email = ""
    var password = ""
    var submitted = false
  }

  enum SignInEvent: Hashable, Sendable {
    case emailDidChange(String)
    case signIn
  }

  static let signIn = System<SignInState, SignInEvent>("SignIn", initial: SignInState()) {
    Reducer { state, event in
      switch event {
      case .emailDidChange(let email): state.email = email
      case .signIn: state.submitted = true
      }
    }
  }

  @Test func theModelReadsFieldsBindsThemToEventsAndSendsActions() {
    let signIn = Self.signIn
    let scheduler = TestScheduler()

    let model = LoopModel(signIn, scheduler: scheduler)  // the loop's scheduler; the model follows its turns
    let email = model.email  // `Text(model.email)`: re-rendered when the email changes, not the password
    let emailField = model.binding(\.email, to: SignInEvent.emailDidChange)  // `TextField("Email", text: emailField)`
    let submit = model.action(.signIn)  // `Button("Sign in", action: submit)`

    #expect(email == "")
    emailField.wrappedValue = "ada@example.com"
    scheduler.advance()
    #expect(model.email == "ada@example.com")
    #expect(emailField.wrappedValue == "ada@example.com")
    submit()
    scheduler.advance()
    #expect(model.state.submitted)
  }
}
