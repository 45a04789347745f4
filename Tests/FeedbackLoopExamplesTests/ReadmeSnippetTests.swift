// The "Testing a loop" article's first test (FeedbackLoopTesting), verbatim.
import FeedbackLoop
import FeedbackLoopTesting
import Testing

enum Light: Hashable, Sendable { case red, green, yellow }
enum Signal: Hashable, Sendable { case tick, emergency }

let trafficLight = System<Light, Signal>("TrafficLight", initial: .red) {
  Transitions {
    Transition(from: .red, on: .tick, to: .green)
    Transition(from: .green, on: .tick, to: .yellow)
    Transition(from: .yellow, on: .tick, to: .red)
    Transition(from: .any, on: .emergency, to: .red)
  }
  Feedbacks {
    Feedback("timer", emits: [.tick]) { (state: Light, clock) in
      try await clock.sleep(for: .seconds(state == .yellow ? 3 : 30))
      return .tick
    }
    .strategy(.cancelOnNewState)
  }
}

@Test func lightCycles() {
  let scheduler = TestScheduler()
  let loop = LoopRecorder(trafficLight, scheduler: scheduler)
  scheduler.advance(by: .seconds(30))
  loop.receive(.tick, from: "timer") { $0 = .green }
  loop.send(.emergency) { $0 = .red }
  scheduler.advance(by: .seconds(30))
  loop.receive(.tick) { $0 = .green }
  loop.skipInFlightEffects()  // the timer re-arms forever: say so, or the test fails here
}
