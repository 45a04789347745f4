import FeedbackLoop
import Testing

@Suite(.timeLimit(.minutes(3))) struct ExecutionStrategyTests {
  enum Event: Hashable, Sendable { case next, slowDone(Int) }

  /// Every state starts an effect that waits for `gate`, then emits `slowDone(state)`.
  static func system(strategy: ExecutionStrategy, gate: Signal, finished: Box<Int>) -> System<[String], Event> {
    System(initial: []) {
      Reducer { state, event in state.append("\(event)") }
      Feedback.reacting("slow") { state, event in
        guard event == nil || event == .next else { return .none }
        let number = state.count
        return .run { send, _ in
          await gate.wait()
          send(.slowDone(number))
          finished.update { $0 += 1 }
        }
      }
      .strategy(strategy)
    }
  }

  @Test func cancelOnNewStateNeverDeliversAStaleEffectsEvent() async {
    let gate = Signal(), finished = Box(0)
    let log = ActivityLog<[String], Event>()
    let loop = Loop(Self.system(strategy: .cancelOnNewState, gate: gate, finished: finished), onStep: log.monitor)
    loop.send(.next)  // cancels effect 0 (started for the initial state), starts effect 1
    loop.send(.next)  // cancels effect 1, starts effect 2
    await gate.fire()
    for await state in loop.states where state.last == "slowDone(2)" { break }
    #expect(loop.state == ["next", "next", "slowDone(2)"])
    // 0 and 1 were cancelled before emitting; 2 emitted, and the state its event produced
    // cancelled it before it could finish (a new state cancels whatever still runs).
    #expect(log.lines("cancelled") == ["cancelled slow 0", "cancelled slow 1", "cancelled slow 2"])
    #expect(log.lines("emitted") == ["emitted slow 2 slowDone(2)"])
    loop.stop()
  }

  @Test func continueOnNewStateDeliversEveryEffectsEventsInOrder() async {
    let gate = Signal(), finished = Box(0)
    let loop = Loop(Self.system(strategy: .continueOnNewState, gate: gate, finished: finished))
    loop.send(.next)
    loop.send(.next)
    await gate.fire()
    for await state in loop.states where state.count == 5 { break }
    #expect(loop.state.prefix(2) == ["next", "next"])
    #expect(Set(loop.state.dropFirst(2)) == ["slowDone(0)", "slowDone(1)", "slowDone(2)"])
    loop.stop()
  }
}
