import FeedbackLoopExamples
import FeedbackLoopTesting
import Testing

@Suite struct TrafficLightTests {
  @Test func theTimerCyclesTheLightOnVirtualTime() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(TrafficLight.system, scheduler: scheduler)
    scheduler.advance(by: .seconds(29))
    #expect(loop.state == .red)  // not yet: the timer sleeps 30 s
    scheduler.advance(by: .seconds(1))
    loop.receive(.tick, from: "timer") { $0 = .green }
    scheduler.advance(by: .seconds(30))
    loop.receive(.tick, from: "timer") { $0 = .yellow }
    scheduler.advance(by: .seconds(3))
    loop.receive(.tick, from: "timer") { $0 = .red }
    #expect(scheduler.now == .seconds(63))
    loop.skipInFlightEffects()  // the timer re-arms forever
  }

  @Test func anEmergencyTurnsAnyLightRedAndRestartsTheTimer() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(TrafficLight.system, scheduler: scheduler)
    scheduler.advance(by: .seconds(30))
    loop.receive(.tick, from: "timer") { $0 = .green }
    scheduler.advance(by: .seconds(10))
    loop.send(.emergency) { $0 = .red }
    scheduler.advance(by: .seconds(29))  // the green timer was cancelled: no tick at 60 s
    #expect(loop.state == .red)
    scheduler.advance(by: .seconds(1))
    loop.receive(.tick) { $0 = .green }
    loop.skipInFlightEffects()
  }

  @Test func aMarbleSequenceReadsLikeTheTimeline() {
    let loop = LoopRecorder(TrafficLight.system)
    loop.expect {
      Waiting(.seconds(30))
      Receiving(.tick, from: "timer") { $0 = .green }
      Sending(.emergency) { $0 = .red }
      Waiting(.seconds(30))
      Receiving(.tick, from: "timer") { $0 = .green }
    }
    loop.skipInFlightEffects()
  }

  @Test func theGraphShowsTheWildcardEmergency() {
    let graph = TrafficLight.system.graph
    #expect(graph.states.map(\.id) == ["green", "red", "yellow"])
    #expect(graph.transitions.last?.from == nil)
    #expect(graph.transitions.last?.event == "emergency")
    #expect(graph.feedbacks.map(\.emits) == [["tick"]])
  }
}
