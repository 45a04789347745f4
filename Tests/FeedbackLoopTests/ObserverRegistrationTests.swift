import FeedbackLoop
import Testing

/// An observer registered while a turn runs sees exactly the states after the one it was
/// given: none missed, none repeated. The turn reduces a state, tells the observers it knows,
/// and publishes the state only when it takes the next entry; a registration in between is
/// given the published (older) state, so the turn must tell the newcomer the newer one.
/// (`ExecutionStrategyTests` waited forever for a state that `loop.states` had skipped.)
@Suite struct ObserverRegistrationTests {
  enum Event: Hashable, Sendable { case increment, unknown }

  static let counter = System<Int, Event>("Counter", initial: 0) {
    Transitions {
      Transition(from: .any, on: .increment) { state, _ in state + 1 }
    }
  }

  /// Registers with `observeFromCurrent` from inside the first observer's call for
  /// `registerAt`, which comes after the state is reduced and before it is published.
  static func registerInsideAnObserver(
    at registerAt: Int, on loop: Loop<Int, Event>
  ) -> (given: Box<Int?>, seen: Box<[Int]>, first: LoopObservation) {
    let given = Box<Int?>(nil), seen = Box<[Int]>([])
    let first = loop.observe { state in
      guard state == registerAt else { return }
      let (current, _) = loop.observeFromCurrent { state in seen.update { $0.append(state) } }
      given.update { $0 = current }
    }
    return (given, seen, first)
  }

  @Test func aStateReducedButNotYetPublishedReachesAnObserverRegisteredMeanwhile() {
    let loop = Loop(Self.counter)
    let (given, seen, first) = Self.registerInsideAnObserver(at: 1, on: loop)
    loop.send(.increment)
    loop.send(.increment)
    first.cancel()
    // Given the published state, 0, the newcomer is told of 1 (reduced, unpublished) and 2.
    #expect(given.current == 0)
    #expect(seen.current == [1, 2])
    loop.stop()
  }

  @Test func theStatesSequenceStartedMeanwhileMissesNoState() async {
    let loop = Loop(Self.counter)
    let stream = Box<AsyncStream<Int>?>(nil)
    let first = loop.observe { state in
      if state == 1 { stream.update { $0 = loop.states } }
    }
    loop.send(.increment)
    loop.send(.increment)
    first.cancel()
    loop.stop()
    var received: [Int] = []
    if let states = stream.current {
      for await state in states { received.append(state) }
    }
    #expect(received == [0, 1, 2])
  }

  @Test func anObserverRegisteredDuringATurnThatReducedNothingIsToldNothingTwice() {
    // The registration comes while an ignored event is handled: the published state is
    // the current one, so the newcomer has nothing to catch up on.
    let given = Box<Int?>(nil), seen = Box<[Int]>([])
    let holder = Box<Loop<Int, Event>?>(nil)  // the monitor is given before the loop exists
    let loop = Loop(Self.counter) { step in
      guard case .ignored = step, let loop = holder.current else { return }
      let (current, _) = loop.observeFromCurrent { state in seen.update { $0.append(state) } }
      given.update { $0 = current }
    }
    holder.update { $0 = loop }
    loop.send(.increment)
    loop.send(.unknown)  // ignored: no transition takes it
    loop.send(.increment)
    #expect(given.current == 1)
    #expect(seen.current == [2])
    holder.update { $0 = nil }
    loop.stop()
  }
}
