import FeedbackLoopExamples
import FeedbackLoopTesting
import XCTest

final class SignInTests: XCTestCase {
  typealias Form = SignIn.Form

  func testAValidFormSignsIn() {
    let loop = LoopRecorder(SignIn.system(client: .fake(password: "correct horse")))
    loop.send(.emailChanged("ada@example.com")) { $0 = .editing(Form(email: "ada@example.com")) }
    loop.send(.passwordChanged("correct horse")) {
      $0 = .editing(Form(email: "ada@example.com", password: "correct horse"))
    }
    loop.send(.submit) { $0 = .submitting(Form(email: "ada@example.com", password: "correct horse")) }
    // The delay pinned: nothing before the client's one second, the answer at one second.
    loop.receiveNothing(before: .seconds(1))
    loop.receive(.succeeded(user: "ada"), from: "authenticate", at: .seconds(1)) { $0 = .signedIn(user: "ada") }
  }

  func testAnInvalidFormCannotBeSubmitted() {
    let loop = LoopRecorder(SignIn.system())
    loop.send(.emailChanged("no-at-sign")) { $0 = .editing(Form(email: "no-at-sign")) }
    loop.send(.submit)  // the guard "form is valid" fails: ignored
    XCTAssertEqual(loop.state, .editing(Form(email: "no-at-sign")))
  }

  /// A form with the wrong password, submitted and rejected: the loop is left in `failed`.
  static let wrong = Form(email: "ada@example.com", password: "battery staple")

  func rejectedSignIn(testName: String = #function) -> LoopRecorder<SignIn.State, SignIn.Event> {
    let loop = LoopRecorder(SignIn.system(client: .fake(password: "correct horse")), testName: testName)
    let wrong = Self.wrong
    loop.send(.emailChanged(wrong.email)) { $0 = .editing(Form(email: wrong.email)) }
    loop.send(.passwordChanged(wrong.password)) { $0 = .editing(wrong) }
    loop.send(.submit) { $0 = .submitting(wrong) }
    loop.scheduler.advance(by: .seconds(1))
    loop.receive(.rejected("wrong password"), from: "authenticate") { $0 = .failed(wrong, message: "wrong password") }
    return loop
  }

  func testARejectedPasswordCanBeCorrected() {
    let loop = rejectedSignIn()
    loop.send(.passwordChanged("correct horse")) {
      $0 = .editing(Form(email: Self.wrong.email, password: "correct horse"))
    }
  }

  func testAFailedSignInCanBeSubmittedAgainOrEdited() {
    let loop = rejectedSignIn()
    let wrong = Self.wrong
    loop.send(.submit) { $0 = .submitting(wrong) }  // the same form, straight from the failure
    loop.scheduler.advance(by: .seconds(1))
    loop.receive(.rejected("wrong password"), from: "authenticate") { $0 = .failed(wrong, message: "wrong password") }
    loop.send(.emailChanged("grace@example.com")) {
      $0 = .editing(Form(email: "grace@example.com", password: wrong.password))
    }
  }
}
