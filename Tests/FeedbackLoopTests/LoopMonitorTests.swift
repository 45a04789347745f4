import FeedbackLoop
import Testing

/// What a public monitor sees of the two things a loop does on every cycle — a synchronous
/// effect and a reduced event — which the loop reports through a cheaper internal path.
@Suite struct LoopMonitorTests {
  enum Step: Hashable, Sendable { case advance, stay }

  @Test func aSynchronousEffectIsStartedEmittedAndFinishedThenReduced() {
    let log = ActivityLog<Int, Step>()
    let system = System<Int, Step>(initial: 0) {
      Transitions {
        Transition(from: .any, on: .advance) { state, _ in state + 1 }
      }
      Feedback("next") { (state: Int) -> Effect<Step> in
        switch state {
        case 0: .send(.advance)
        case 1: .send(.stay)  // no transition accepts it: ignored
        default: .none
        }
      }
    }
    let loop = Loop(system, onStep: log.monitor)
    loop.send(.advance)
    #expect(
      log.all == [
        "start 0",
        "started next 0", "emitted next 0 advance", "finished next 0",
        "reduce advance from next: 0 -> 1 [t0]",
        "started next 1", "emitted next 1 stay", "finished next 1",
        "ignore stay from next in 1",
        "reduce advance from external: 1 -> 2 [t0]",
      ])
  }

  @Test func undeclaredTransitionsNameTheirTransition() {
    let log = ActivityLog<Int, Step>()
    let system = System<Int, Step>(initial: 0) {
      Transitions {
        Transition(from: .any, on: .stay, to: 0)
        Transition(from: .value(0), on: .advance, targets: [.value(1)]) { _, _ in 5 }
      }
    }
    let loop = Loop(system, onStep: log.monitor)
    loop.send(.advance)
    #expect(log.all == ["start 0", "undeclared advance: 0 -> 5 [t1]"])
  }
}
