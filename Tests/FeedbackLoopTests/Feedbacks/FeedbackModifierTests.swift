import FeedbackLoop
import Testing

@Suite(.timeLimit(.minutes(3))) struct FeedbackModifierTests {
  enum Event: Hashable, Sendable { case set(Int), echo(Int) }

  static func reduce(_ state: inout Int, _ event: Event) {
    if case .set(let value) = event { state = value }
  }

  static func echo() -> Feedback<Int, Event> {
    Feedback.reacting("echo") { state, event in
      if case .set = event { return .send(.echo(state)) }
      return .none
    }
  }

  @Test func disabledWhenSkipsTheStatesItNames() {
    let log = ActivityLog<Int, Event>()
    let loop = Loop(
      System(initial: 0, reduce: Self.reduce, feedbacks: [Self.echo().disabled(when: { $0 < 0 })]), onStep: log.monitor
    )
    loop.send(.set(-1))
    loop.send(.set(2))
    #expect(log.lines("reduce echo") == ["reduce echo(2) from echo: 2 -> 2"])
  }

  @Test func onStateReceivedAndOnEventEmittedSeeWhatTheFeedbackSees() {
    let states = Box<[Int]>([]), events = Box<[Event]>([])
    let feedback = Self.echo()
      .onStateReceived { state in states.update { $0.append(state) } }
      .onEventEmitted { event in events.update { $0.append(event) } }
    let loop = Loop(System(initial: 0, reduce: Self.reduce, feedbacks: [feedback]))
    loop.send(.set(5))
    #expect(states.current == [0, 5, 5])  // initial, after set(5), after echo(5)
    #expect(events.current == [.echo(5)])
  }

  @Test func groupModifiersApplyToEveryFeedback() {
    let seen = Box<[String]>([])
    let system = System<Int, Event>(initial: 0) {
      Reducer(Self.reduce)
      Feedbacks {
        Feedback("a") { (_: Int) in Effect<Event>.none }
        Feedback("b") { (_: Int) in Effect<Event>.none }
      }
      .onStateReceived { state in seen.update { $0.append("\(state)") } }
      .disabled(when: { $0 == 1 })
    }
    let loop = Loop(system)
    loop.send(.set(1))
    loop.send(.set(2))
    #expect(seen.current == ["0", "0", "2", "2"])
  }

  @Test func executeOnRunsTheEffectOnAnotherScheduler() async {
    let other = QueueScheduler(label: "effects")
    let ranOnQueue = Box(false)
    let feedback = Feedback<Int, Event>.reacting("queue") { _, event in
      guard case .set = event else { return .none }
      return .run { send, _ in
        ranOnQueue.update { $0 = true }
        send(.echo(1))
      }
    }
    .execute(on: other)
    let loop = Loop(System(initial: 0, reduce: Self.reduce, feedbacks: [feedback]))
    loop.send(.set(3))
    for await _ in loop.states where ranOnQueue.current { break }
    #expect(ranOnQueue.current)
    loop.stop()
  }

  @Test func pullbackEmbedsAChildSystemInAParent() {
    struct Parent: Hashable, Sendable {
      var child = 0
      var log: [String] = []
    }
    enum ParentEvent: Hashable, Sendable { case child(Event), note(String) }
    let childReducer = Reducer<Int, Event>(Self.reduce)
    let system = System<Parent, ParentEvent>(initial: Parent()) {
      childReducer.pullback(state: \Parent.child, event: { if case .child(let e) = $0 { e } else { nil } })
      Reducer { state, event in if case .note(let text) = event { state.log.append(text) } }
      Self.echo().pullback(
        state: \Parent.child, event: { ParentEvent.note("\($0)") },
        extract: { if case .child(let e) = $0 { e } else { nil } })
    }
    let loop = Loop(system)
    loop.send(.child(.set(9)))
    #expect(loop.state == Parent(child: 9, log: ["echo(9)"]))
  }
}
