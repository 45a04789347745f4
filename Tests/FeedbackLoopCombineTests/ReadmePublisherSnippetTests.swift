// The publisher snippet of FeedbackLoopCombine's DocC landing page, verbatim
// (Tests/FeedbackLoopTestingTests/Readme/ReadmeMirrorCheckTests.swift fails when they drift apart).
#if canImport(Combine)
  import Combine
#else
  import OpenCombine  // where Combine is missing: the same API
#endif
import FeedbackLoop
import FeedbackLoopCombine
import FeedbackLoopTesting
import Testing

func trafficLight(_ scheduler: LoopCombineScheduler) -> System<Light, Signal> {
  System("TrafficLight", initial: .red) {
    Transitions {
      Transition(from: .red, on: .tick, to: .green)
      Transition(from: .green, on: .tick, to: .yellow)
      Transition(from: .yellow, on: .tick, to: .red)
      Transition(from: .any, on: .emergency, to: .red)
    }
    Feedback("timer", emits: [.tick]) { (light: Light) in
      Just(Signal.tick).delay(for: light == .yellow ? .seconds(3) : .seconds(30), scheduler: scheduler)
    }
  }
}

@Test func theTimerIsAPublisherOnVirtualTime() {
  let scheduler = TestScheduler()
  let loop = LoopRecorder(trafficLight(scheduler.combine), scheduler: scheduler)
  scheduler.advance(by: .seconds(30))
  loop.receive(.tick, from: "timer") { $0 = .green }
  loop.skipInFlightEffects()
}

// The `Light` and `Signal` of the "Getting started" article.
enum Light: Hashable, Sendable { case red, green, yellow }
enum Signal: Hashable, Sendable { case tick, emergency }
