import FeedbackLoop
import Testing

@Suite(.timeLimit(.minutes(3))) struct LoopLifetimeTests {
  enum Event: Hashable, Sendable { case go }

  /// A system whose one effect runs until cancelled, then fires `cancelled`.
  static func system(cancelled: Signal, started: Signal) -> System<Int, Event> {
    System(initial: 0) {
      Reducer { state, _ in state += 1 }
      Feedback("forever") { (_: Int) -> Effect<Event> in
        .run { _, _ in
          await started.fire()
          try? await Task.sleep(for: .seconds(3600))
          if Task.isCancelled { await cancelled.fire() }
        }
      }
    }
  }

  @Test func stopCancelsRunningEffects() async {
    let cancelled = Signal(), started = Signal()
    let log = ActivityLog<Int, Event>()
    let loop = Loop(Self.system(cancelled: cancelled, started: started), onStep: log.monitor)
    await started.wait()
    loop.stop()
    await cancelled.wait()  // the effect itself saw the cancellation
    #expect(log.all == ["start 0", "started forever 0", "cancelled forever 0", "stopped"])
    loop.send(.go)
    #expect(loop.state == 0)  // events after stop are dropped
  }

  @Test func releasingTheLoopCancelsEffectsAndFreesIt() async {
    let cancelled = Signal(), started = Signal()
    weak var weakLoop: Loop<Int, Event>?
    do {
      let loop = Loop(Self.system(cancelled: cancelled, started: started))
      weakLoop = loop
      await started.wait()
    }
    #expect(weakLoop == nil)  // the running effect does not keep the loop alive
    await cancelled.wait()
  }
}
