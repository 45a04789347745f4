import FeedbackLoop
import Testing

/// Both reducer shapes, `(inout State, Event)` and `(State, Event) -> State`, are accepted
/// by `Reducer` and by `System(initial:reduce:feedbacks:)`, and reduce the same way.
@Suite struct ReducerShapeTests {
  enum Event: Hashable, Sendable { case increment, decrement }

  /// ReactiveFeedback's and Loop's shape, as a named function.
  static func reduce(state: Int, event: Event) -> Int {
    switch event {
    case .increment: state + 1
    case .decrement: state - 1
    }
  }

  static let events: [Event] = [.increment, .increment, .decrement, .increment]

  func run(_ system: System<Int, Event>) -> Int {
    let loop = Loop(system)
    for event in Self.events { loop.send(event) }
    return loop.state
  }

  @Test func aReturningReducerReducesLikeAnInoutOne() {
    let mutating = System<Int, Event>(initial: 10) {
      Reducer { state, event in
        switch event {
        case .increment: state += 1
        case .decrement: state -= 1
        }
      }
    }
    let returning = System<Int, Event>(initial: 10) {
      Reducer { state, event in
        switch event {
        case .increment: return state + 1
        case .decrement: return state - 1
        }
      }
    }
    let singleExpression = System<Int, Event>(initial: 10) {
      Reducer { count, event in event == .increment ? count + 1 : count - 1 }
    }
    #expect(run(mutating) == 12)
    #expect(run(returning) == 12)
    #expect(run(singleExpression) == 12)
  }

  @Test func systemAcceptsAReturningReduceFunction() {
    #expect(run(System(initial: 0, reduce: Self.reduce)) == 2)
    #expect(run(System(initial: 0, reduce: { count, event in Self.reduce(state: count, event: event) * 2 })) == 22)
    #expect(run(System(initial: 0) { Reducer(Self.reduce) }) == 2)
  }

  @Test func aReturningReducerPullsBackIntoAParent() {
    struct Parent: Sendable { var count = 0; var other = "x" }
    let child = Reducer<Int, Event>(Self.reduce)
    let system = System<Parent, Event>(initial: Parent()) {
      child.pullback(state: \Parent.count, event: { $0 })
    }
    let loop = Loop(system)
    loop.send(.increment)
    loop.send(.increment)
    #expect(loop.state.count == 2)
    #expect(loop.state.other == "x")
  }
}
