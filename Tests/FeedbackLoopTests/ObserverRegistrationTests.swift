import FeedbackLoop
import Testing

/// An observer registered while a turn runs sees exactly the states after the one it was
/// given: none missed, none repeated; and an observer told of a state reads it from the loop.
/// A turn without observers publishes a reduced state only when it takes its next entry; a
/// registration in between (here, from the step monitor, which sees the state first) is given
/// the published, older state and must be told of the newer one. (`ExecutionStrategyTests`
/// once waited forever for a state that `loop.states` had skipped.)
@Suite struct ObserverRegistrationTests {
  enum Event: Hashable, Sendable { case increment, unknown }

  static let counter = System<Int, Event>("Counter", initial: 0) {
    Transitions {
      Transition(from: .any, on: .increment) { state, _ in state + 1 }
    }
  }

  /// A loop whose step monitor calls `register` with the loop once, for the step that
  /// `matches` accepts.
  static func loop(
    registeringAt matches: @escaping @Sendable (LoopStep<Int, Event>) -> Bool,
    _ register: @escaping @Sendable (Loop<Int, Event>) -> Void
  ) -> Loop<Int, Event> {
    let holder = Box<Loop<Int, Event>?>(nil)  // the monitor is given before the loop exists
    let loop = Loop(Self.counter) { step in
      guard matches(step), let loop = holder.current else { return }
      register(loop)
    }
    holder.update { $0 = loop }
    return loop
  }

  static func reduced(to state: Int) -> @Sendable (LoopStep<Int, Event>) -> Bool {
    { step in
      if case .reduced(_, _, _, let after, _) = step { after == state } else { false }
    }
  }

  @Test func aStateReducedButNotYetPublishedReachesAnObserverRegisteredMeanwhile() {
    let given = Box<Int?>(nil), seen = Box<[Int]>([])
    let loop = Self.loop(registeringAt: Self.reduced(to: 1)) { loop in
      let (current, _) = loop.observeFromCurrent { state in seen.update { $0.append(state) } }
      given.update { $0 = current }
    }
    loop.send(.increment)
    loop.send(.increment)
    // Given the published state, 0, the newcomer is told of 1 (reduced, unpublished) and 2.
    #expect(given.current == 0)
    #expect(seen.current == [1, 2])
    loop.stop()
  }

  @Test func theStatesSequenceStartedMeanwhileMissesNoState() async {
    let stream = Box<AsyncStream<Int>?>(nil)
    let loop = Self.loop(registeringAt: Self.reduced(to: 1)) { loop in
      stream.update { $0 = loop.states }
    }
    loop.send(.increment)
    loop.send(.increment)
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
    let ignored: @Sendable (LoopStep<Int, Event>) -> Bool = { step in
      if case .ignored = step { true } else { false }
    }
    let loop = Self.loop(registeringAt: ignored) { loop in
      let (current, _) = loop.observeFromCurrent { state in seen.update { $0.append(state) } }
      given.update { $0 = current }
    }
    loop.send(.increment)
    loop.send(.unknown)  // ignored: no transition takes it
    loop.send(.increment)
    #expect(given.current == 1)
    #expect(seen.current == [2])
    loop.stop()
  }

  @Test func anObserverToldOfAStateReadsItFromTheLoopAndRegistersAfterIt() {
    // With an observer, the state is published before observers are told of it: what
    // they read of the loop agrees with what they were told, and an observer registered by
    // one of them is given that state and told only of later ones.
    let holder = Box<Loop<Int, Event>?>(nil)
    let readBack = Box<[Int]>([]), given = Box<Int?>(nil), seen = Box<[Int]>([])
    let loop = Loop(Self.counter)
    holder.update { $0 = loop }
    let first = loop.observe { state in
      guard let loop = holder.current else { return }
      readBack.update { $0.append(loop.state) }
      if state == 1 {
        let (current, _) = loop.observeFromCurrent { state in seen.update { $0.append(state) } }
        given.update { $0 = current }
      }
    }
    loop.send(.increment)
    loop.send(.increment)
    first.cancel()
    #expect(readBack.current == [1, 2])
    #expect(given.current == 1)
    #expect(seen.current == [2])
    holder.update { $0 = nil }
    loop.stop()
  }
}
