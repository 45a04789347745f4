import Dispatch
import FeedbackLoop
import FeedbackLoopObservation
import FeedbackLoopTesting
import Observation
import Synchronization
import Testing

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// The doc comments' examples of `LoopModel`, `LoopBinding` and `MainQueueScheduler`,
/// verbatim (DocCommentMirrorCheckTests), run. The SwiftUI ones compile where SwiftUI
/// exists (Apple platforms), and are only read elsewhere.
@Suite(.timeLimit(.minutes(3))) struct LoopModelDocCommentTests {
  struct SignInState: Hashable, Sendable {
    var email = ""
    var password = ""
    var submitted = false
  }

  enum SignInEvent: Hashable, Sendable {
    case emailDidChange(String)
    case passwordDidChange(String)
    case signIn
  }

  static let signIn = System<SignInState, SignInEvent>("SignIn", initial: SignInState()) {
    Reducer { state, event in
      switch event {
      case .emailDidChange(let email): state.email = email
      case .passwordDidChange(let password): state.password = password
      case .signIn: state.submitted = true
      }
    }
  }

  /// `LoopBinding` and `LoopModel.binding(_:to:)`: writing the binding sends the event.
  @Test func writingABindingSendsItsEvent() {
    let model = LoopModel(Self.signIn)

    let email: LoopBinding<String> = model.binding(\.email, to: SignInEvent.emailDidChange)
    email.wrappedValue = "a@b.c"  // sends .emailDidChange("a@b.c")

    #expect(model.state.email == "a@b.c")
    #expect(email.wrappedValue == "a@b.c")
    model.loop.stop()
  }

  /// `LoopModel.binding(_:to:)`, (a `LoopBinding`, or SwiftUI's `Binding` where it exists).
  @Test func theBindingReadsTheFieldItWrote() {
    let model = LoopModel(Self.signIn)
    let email = model.binding(\.email, to: SignInEvent.emailDidChange)
    email.wrappedValue = "ada@example.com"

    #expect(model.state.email == "ada@example.com")
    model.loop.stop()
  }

  /// `LoopModel`'s fields: reading `email` registers the email alone, so a new password
  /// does not tell its reader; a new email does.
  @Test func aFieldsReaderIsToldOnlyOfThatField() {
    let model = LoopModel(Self.signIn)
    let told = Mutex(0)
    withObservationTracking {
      let email = model.email  // its reader is not told when only the password changes
      #expect(email == "")
    } onChange: {
      told.withLock { $0 += 1 }
    }
    model.send(.passwordDidChange("correct horse"))
    #expect(told.withLock { $0 } == 0)
    model.send(.emailDidChange("ada@example.com"))
    #expect(told.withLock { $0 } == 1)
    model.loop.stop()
  }

  /// `LoopModel.send(_:)`.
  @Test func sendReducesTheEvent() {
    let model = LoopModel(Self.signIn)
    model.send(.signIn)  // from a button's action: `Button("Sign in") { model.send(.signIn) }`
    #expect(model.state.submitted)
    model.loop.stop()
  }

  /// `MainQueueScheduler`: a model on the main queue starts in the system's initial state.
  @Test func aModelOnTheMainQueueTakesItsStatesThere() async {
    let signIn = Self.signIn

    let model = LoopModel(signIn, scheduler: MainQueueScheduler.shared)

    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    model.send(.signIn)
    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    #expect(model.state.submitted)
    model.loop.stop()
  }

  #if canImport(SwiftUI)
    enum Counter {
      struct State: Hashable, Sendable { var value = 0 }
      enum Event: Hashable, Sendable { case increment, decrement }
      static func system() -> System<State, Event> {
        System(initial: State()) {
          Reducer { state, event in state.value += event == .increment ? 1 : -1 }
        }
      }
    }

    /// `LoopModel`: the counter view's declaration (compiled where SwiftUI exists).
    @MainActor @Test func theCounterViewIsDeclaredOverAModel() {
      struct CounterView: View {
        let model: LoopModel<Counter.State, Counter.Event>

        var body: some View {
          VStack {
            Text("\(model.value)")  // re-renders when `value` changes only
            Button("+") { model.send(.increment) }
            Button("−") { model.send(.decrement) }
          }
        }
      }

      let model = LoopModel(Counter.system(), scheduler: MainQueueScheduler.shared)

      #expect(CounterView(model: model).model.state.value == 0)
      model.loop.stop()
    }

    /// `LoopModel.binding(_:to:)`, the SwiftUI overload (compiled where SwiftUI exists).
    @MainActor @Test func aTextFieldIsBoundToTheEmail() {
      let model = LoopModel(Self.signIn)
      let field = VStack {
        TextField("Email", text: model.binding(\.email, to: SignInEvent.emailDidChange))
      }
      _ = field
      model.loop.stop()
    }
  #endif
}
