import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// With exhaustivity off, only what the test asserts is checked: a `send` or `receive`
/// without a closure asserts no state.
@Suite struct NonExhaustiveStateTests {
  @Test func aSendWithoutAClosureChecksNoStateWhenExhaustivityIsOff() {
    let failures = issues {
      let loop = LoopRecorder(light, exhaustivity: .off(), writesTrace: false)
      loop.send(.tick)  // red → green, not asserted
      loop.send(.tick)  // green → yellow, not asserted
    }
    #expect(failures.isEmpty)
  }

  @Test func aReceiveWithoutAClosureChecksNoStateWhenExhaustivityIsOff() {
    let failures = issues {
      let scheduler = TestScheduler()
      let loop = LoopRecorder(light, scheduler: scheduler, exhaustivity: .off(), writesTrace: false)
      scheduler.advance(by: .seconds(30))
      loop.receive(.tick, from: "timer")  // red → green, not asserted
    }
    #expect(failures.isEmpty)
  }

  @Test func aClosureIsStillCheckedWhenExhaustivityIsOff() {
    let failures = issues {
      let loop = LoopRecorder(light, exhaustivity: .off(), writesTrace: false)
      loop.send(.tick) { $0 = .yellow }
    }
    #expect(failures.count == 1)
    #expect(failures.first?.hasPrefix("State mismatch after send(tick) at step #2.") == true)
  }

  @Test func aSendWithoutAClosureStillAssertsNoChangeWhenExhaustive() {
    let failures = issues {
      let loop = LoopRecorder(light, writesTrace: false)
      loop.send(.tick)
      loop.skipInFlightEffects()
    }
    #expect(failures.count == 1)
    #expect(failures.first?.hasPrefix("State mismatch after send(tick) at step #2.") == true)
  }
}
