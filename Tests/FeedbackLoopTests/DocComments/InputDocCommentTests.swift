import FeedbackLoop
import FeedbackLoopSupport
import Testing

/// The doc comments' examples of a loop's inputs (`Feedback.input`, `FeedbackInput`,
/// `Loop.send(_:from:)`, `Loop.idle()`), verbatim (DocCommentMirrorCheckTests), run.
@Suite(.timeLimit(.minutes(3))) struct InputDocCommentTests {
  /// `Feedback.input(_:emits:)` and `Loop.send(_:from:)`: the code opens the door, and the
  /// step names the keypad as the event's source.
  @Test func anEventSentThroughAnInputIsReducedWithTheInputAsItsSource() {
    let sources = Protected<[String]>([])

    enum Door: Hashable, Sendable { case locked, open }
    enum DoorEvent: Hashable, Sendable { case entered(String) }

    let door = System<Door, DoorEvent>("Door", initial: .locked) {
      Reducer { state, event in if event == .entered("1234") { state = .open } }
      Feedbacks { Feedback.input("keypad", emits: [.entered("1234")]) }
    }
    let loop = Loop(door)
    loop.send(.entered("1234"), from: "keypad")

    #expect(loop.state == .open)
    let traced = Loop(door) { step in
      if case .reduced(_, let source, _, _, _) = step { sources.withLock { $0.append("\(source)") } }
    }
    traced.send(.entered("1234"), from: "keypad")
    #expect(sources.withLock { $0 } == ["keypad"])
    loop.stop()
    traced.stop()
  }

  /// `FeedbackInput`: an event sent to the input is reduced by the loop.
  @Test func anInputsEventsReachTheLoop() {
    enum CounterEvent: Hashable, Sendable { case increment }

    let taps = FeedbackInput<CounterEvent>()
    let system = System<Int, CounterEvent>(initial: 0) {
      Reducer { count, _ in count += 1 }
      Feedbacks { Feedback.input("taps", taps) }
    }
    let loop = Loop(system)
    taps.send(.increment)  // reduced with source "taps"

    #expect(loop.state == 1)
    loop.stop()
  }

  /// `Loop.idle()`: once it returns, the event is reduced and the "check" effect started.
  @Test func idleReturnsOnceTheQueuedEventIsReduced() async {
    enum Door: Hashable, Sendable { case locked, checking(String), open }
    enum DoorEvent: Hashable, Sendable { case entered(String), accepted }
    let started = Protected(false)
    let door = System<Door, DoorEvent>("Door", initial: .locked) {
      Reducer { state, event in
        switch event {
        case .entered(let code): state = .checking(code)
        case .accepted: state = .open
        }
      }
      Feedbacks {
        Feedback("check", emits: [.accepted]) { (state: Door, clock) in
          guard case .checking = state else { return nil }
          started.withLock { $0 = true }
          try await clock.sleep(for: .seconds(60))
          return .accepted
        }
      }
    }

    let loop = Loop(door, scheduler: QueueScheduler())
    loop.send(.entered("1234"))
    await loop.idle()  // reduced, on the queue; the "check" effect is running
    loop.stop()

    #expect(loop.state == .checking("1234"))
  }
}
