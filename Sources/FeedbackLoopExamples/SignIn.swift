package import FeedbackLoop

/// A sign-in form: field edits, validation, a submit effect through an injected client,
/// success or failure (CombineFeedback's sign-in form, as a state machine).
package enum SignIn {
  /// The form's fields.
  package struct Form: Hashable, Sendable, Codable {
    /// The e-mail address typed so far.
    package var email = ""
    /// The password typed so far.
    package var password = ""

    /// Creates a form.
    package init(email: String = "", password: String = "") {
      self.email = email
      self.password = password
    }

    /// Whether the form may be submitted: an address with `@` and a password of 8+ characters.
    package var isValid: Bool { email.contains("@") && password.count >= 8 }
  }

  /// The sign-in states.
  package enum State: Hashable, Sendable, Codable {
    case editing(Form)
    case submitting(Form)
    case signedIn(user: String)
    case failed(Form, message: String)

    /// The form, in the states that have one.
    package var form: Form? {
      switch self {
      case .editing(let form), .submitting(let form), .failed(let form, _): form
      case .signedIn: nil
      }
    }
  }

  /// The sign-in events.
  package enum Event: Hashable, Sendable, Codable {
    case emailChanged(String)
    case passwordChanged(String)
    case submit
    case succeeded(user: String)
    case rejected(String)
  }

  /// The authentication service, injected.
  package struct Client: Sendable {
    /// Signs in; returns the user's name or throws.
    package var signIn: @Sendable (_ form: Form, _ clock: any Clock<Duration>) async throws -> String

    /// Creates a client.
    package init(signIn: @escaping @Sendable (Form, any Clock<Duration>) async throws -> String) {
      self.signIn = signIn
    }

    /// An error of the fake client.
    package struct Rejected: Error, CustomStringConvertible, Sendable {
      /// The value as one line of text.
      package var description: String { "wrong password" }
    }

    /// A deterministic fake: accepts `password` after `latency`, rejects anything else.
    package static func fake(password: String = "correct horse", latency: Duration = .seconds(1)) -> Client {
      Client { form, clock in
        try await clock.sleep(for: latency)
        guard form.password == password else { throw Rejected() }
        return String(form.email.prefix { $0 != "@" })
      }
    }
  }

  /// The sign-in system.
  package static func system(client: Client = .fake()) -> System<State, Event> {
    System("SignIn", initial: .editing(Form())) {
      Transitions {
        for editable in ["editing", "failed"] {
          Transition(
            from: .case(editable), on: .case("emailChanged"), label: "update email", targets: [.case("editing")]
          ) {
            state, event in
            var form = state.form ?? Form()
            if case .emailChanged(let email) = event { form.email = email }
            return .editing(form)
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
        Feedback.on("authenticate", emits: [.succeeded(user: ""), .rejected("")], .case("submitting")) { state in
          guard let form = state.form else { return .none }
          return .run { send, clock in
            do {
              send(.succeeded(user: try await client.signIn(form, clock)))
            } catch is CancellationError {
              return
            } catch {
              send(.rejected("\(error)"))
            }
          }
        }
      }
    }
  }
}
