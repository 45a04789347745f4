// The door of the "Getting started" article and its test in "Testing a loop", verbatim:
// if this file stops compiling or passing, so do they.
import FeedbackLoopTesting
import Testing
import FeedbackLoop

enum Door: Hashable, Sendable { case locked, checking(String), open, alarm }
enum DoorEvent: Hashable, Sendable { case entered(String), accepted, rejected, close, ring }

let door = System<Door, DoorEvent>("Door", initial: .locked) {
  // A plain reducer, `(inout State, Event)`; `(State, Event) -> State` works too.
  Reducer { state, event in
    switch (state, event) {
    case (.locked, .entered(let code)): state = .checking(code)
    case (.checking, .accepted): state = .open
    case (.checking, .rejected): state = .alarm
    case (.open, .close), (.alarm, .ring): state = .locked
    default: break
    }
  }
  Feedbacks {
    // (State) -> Effect: the feedback decides at once what to start.
    Feedback.on("check", emits: [.accepted, .rejected], .case("checking")) { state in
      guard case .checking(let code) = state else { return .none }
      return .task { clock in  // async; returns at most one event
        try await clock.sleep(for: .milliseconds(200))
        return code == "1234" ? .accepted : .rejected
      }
    }
    Feedback.whenBecomesTrue("siren", emits: [.ring], { $0 == .alarm }) { _ in
      .send(.ring)  // an event at once
    }
    Feedback.when("auto-close", emits: [.close], { $0 == .open }) { _ in
      .run { send, clock in  // async; sends any number of events
        try await clock.sleep(for: .seconds(5))
        send(.close)
      }
    }
    Feedback.input("keypad", emits: [.entered("1234")])  // loop.send(.entered("1234"), from: "keypad")
  }
}

@Test func theDoorOpensForTheRightCodeAndClosesItself() {
  let scheduler = TestScheduler()
  let loop = LoopRecorder(door, scheduler: scheduler)
  loop.send(.entered("1234"), from: "keypad") { $0 = .checking("1234") }
  scheduler.advance(by: .milliseconds(200))
  loop.receive(.accepted, from: "check") { $0 = .open }
  loop.receiveNothing(before: .milliseconds(5_200))
  loop.receive(.close, from: "auto-close", at: .milliseconds(5_200)) { $0 = .locked }
}
