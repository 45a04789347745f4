import FeedbackLoop
import FeedbackLoopObservation
import FeedbackLoopTesting
import Observation
import Synchronization
import Testing

@Suite struct LoopModelTests {
  struct Form: Hashable, Sendable {
    var email = ""
    var password = ""
  }

  enum FormEvent: Hashable, Sendable {
    case emailChanged(String)
    case passwordChanged(String)
  }

  static let form = System<Form, FormEvent>(initial: Form()) {
    Reducer { state, event in
      switch event {
      case .emailChanged(let email): state.email = email
      case .passwordChanged(let password): state.password = password
      }
    }
  }

  /// Whether `onChange` of an observation of `read` fired.
  final class Fired: Sendable {
    private let value = Atomic<Int>(0)
    func fire() { value.add(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
  }

  func track(_ read: @escaping () -> Void) -> Fired {
    let fired = Fired()
    withObservationTracking(read, onChange: { fired.fire() })
    return fired
  }

  @Test func readingOneFieldIsToldAboutItAndNotAboutOthers() {
    let model = LoopModel(Self.form)
    let emailReader = track { _ = model.email }
    let passwordReader = track { _ = model.password }
    model.send(.passwordChanged("secret"))
    #expect(passwordReader.count == 1)
    #expect(emailReader.count == 0)
    model.send(.emailChanged("ada@example.com"))
    #expect(emailReader.count == 1)
    #expect(model.email == "ada@example.com")
  }

  @Test func anEventThatLeavesAFieldEqualDoesNotNotifyItsReaders() {
    let model = LoopModel(Self.form)
    model.send(.emailChanged("a"))
    let emailReader = track { _ = model.email }
    model.send(.emailChanged("a"))  // a new state, the same email
    #expect(emailReader.count == 0)
    #expect(model.state.email == "a")
  }

  @Test func readingTheWholeStateIsToldAboutEveryChange() {
    let model = LoopModel(Self.form)
    let stateReader = track { _ = model.state }
    model.send(.passwordChanged("x"))
    #expect(stateReader.count == 1)
  }

  @Test func aBindingReadsTheFieldAndSendsItsEvent() {
    let model = LoopModel(Self.form)
    let email = model.binding(\.email, to: FormEvent.emailChanged)
    let reader = track { _ = email.wrappedValue }
    email.wrappedValue = "grace@example.com"
    #expect(model.state.email == "grace@example.com")
    #expect(email.wrappedValue == "grace@example.com")
    #expect(reader.count == 1)
    model.action(.passwordChanged("p"))()
    #expect(model.password == "p")
  }

  @Test func theModelFollowsALoopOnVirtualTime() {
    let scheduler = TestScheduler()
    let model = LoopModel(Self.form, scheduler: scheduler)
    let emailReader = track { _ = model.email }
    model.send(.emailChanged("later"))
    #expect(model.email == "")  // nothing runs until the test moves time
    #expect(emailReader.count == 0)
    scheduler.advance()
    #expect(emailReader.count == 1)
    #expect(model.email == "later")
  }
}
