import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// The doc comments' examples of `System` and `Reducer`, verbatim (DocCommentMirrorCheckTests),
/// run.
@Suite(.timeLimit(.minutes(3))) struct SystemDocCommentTests {
  enum CounterEvent: Hashable, Sendable { case increment, decrement }

  /// `System`: the traffic light's declaration runs, and its timer ticks after 30 s.
  @Test func theTrafficLightRunsAndTicks() {
    enum Light: Hashable, Sendable { case red, green, yellow }
    enum Signal: Hashable, Sendable { case tick, emergency }

    let trafficLight = System<Light, Signal>(initial: .red) {
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
      }
    }
    let loop = Loop(trafficLight)  // runs it

    #expect(loop.state == .red)
    loop.stop()
    let recorder = LoopRecorder(trafficLight)
    recorder.receiveNothing(before: .seconds(30))
    recorder.receive(.tick, from: "timer", at: .seconds(30)) { $0 = .green }
    recorder.skipInFlightEffects()
  }

  /// `System.init(_:initial:reduce:feedbacks:)` with a reduce function returning the state.
  @Test func aSystemFromAReduceClosureCounts() {
    let counter = System<Int, CounterEvent>(
      initial: 0,
      reduce: { count, event in
        event == .increment ? count + 1 : count - 1
      })

    let loop = LoopRecorder(counter)
    loop.send(.increment) { $0 = 1 }
    loop.send(.decrement) { $0 = 0 }
  }

  /// `Reducer`: the `inout` closure counts.
  @Test func anInoutReducerCounts() {
    let counter = System<Int, CounterEvent>(initial: 0) {
      Reducer { state, event in
        switch event {
        case .increment: state += 1
        case .decrement: state -= 1
        }
      }
    }

    let loop = LoopRecorder(counter)
    loop.send(.increment) { $0 = 1 }
    loop.send(.increment) { $0 = 2 }
    loop.send(.decrement) { $0 = 1 }
  }

  enum Counter {
    static func reduce(state: Int, event: CounterEvent) -> Int {
      event == .increment ? state + 1 : state - 1
    }
    static let system = System<Int, CounterEvent>(initial: 0) { Reducer(reduce) }
    static let same = System<Int, CounterEvent>(initial: 0, reduce: reduce)
  }

  /// `Reducer`: a reduce function that returns the next state, in both spellings.
  @Test func aReduceFunctionIsAcceptedWhereAnInoutReducerIs() {
    for system in [Counter.system, Counter.same] {
      let loop = LoopRecorder(system)
      loop.send(.increment) { $0 = 1 }
      loop.send(.decrement) { $0 = 0 }
    }
    let counter = System<Int, CounterEvent>(initial: 0) {
      Reducer { (count: Int, event: CounterEvent) in event == .increment ? count + 1 : count - 1 }
    }
    let loop = LoopRecorder(counter)
    loop.send(.decrement) { $0 = -1 }
  }
}
