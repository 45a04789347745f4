import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// An input belongs to the loop it is sent to: two loops of one system, as two tests
/// running in parallel, never see each other's events.
@Suite struct LoopInputTests {
  enum Door: Hashable, Sendable { case locked, checking(String) }
  enum DoorEvent: Hashable, Sendable { case entered(String) }

  static let door = System<Door, DoorEvent>("Door", initial: .locked) {
    Transitions {
      Transition(from: .locked, on: .case("entered"), label: "code", targets: [.case("checking")]) { state, event in
        guard case .entered(let code) = event else { return state }
        return .checking(code)
      }
    }
    Feedbacks {
      Feedback.input("keypad", emits: [.entered("1234")])
    }
  }

  @Test func anEventSentThroughAnInputComesFromIt() {
    let loop = LoopRecorder(Self.door)
    loop.send(.entered("1234"), from: "keypad") { $0 = .checking("1234") }
    let source = loop.steps.last?.step
    guard case .reduced(_, let from, _, _, _)? = source else {
      Issue.record("no reduction: \(String(describing: source))")
      return
    }
    #expect(from.description == "keypad")
    #expect(from == .feedback(FeedbackRef(id: 0, name: "keypad")))
  }

  @Test func twoLoopsOfOneSystemKeepTheirInputsApart() {
    let first = Loop(Self.door)
    let second = Loop(Self.door)
    first.send(.entered("1111"), from: "keypad")
    second.send(.entered("2222"), from: "keypad")
    #expect(first.state == .checking("1111"))
    #expect(second.state == .checking("2222"))
    #expect(first.hasInput("keypad"))
    #expect(!first.hasInput("camera"))
  }

  @Test func sendingThroughAnUnknownInputFailsTheTestAndSendsNothing() {
    let messages = failureMessages {
      let loop = LoopRecorder(Self.door)
      loop.send(.entered("1234"), from: "camera")
      #expect(loop.state == .locked)
    }
    #expect(
      messages.first?.hasPrefix(
        #"send(entered("1234"), from: "camera"): Door has no input named "camera" (its inputs: "keypad")."#) == true,
      "\(messages)")
    #expect(
      messages.first?.hasSuffix(
        #"To fix: declare Feedback.input("camera") in the system, or send from one of its inputs."#) == true)
  }

  @Test func anInputIsDrawnAsAFeedbackThatEmitsWhatItDeclares() {
    let input = Self.door.graph.feedbacks.first
    #expect(input?.name == "keypad")
    #expect(input?.watches == "loop input")
    #expect(input?.emits == ["entered"])
  }
}
