import FeedbackLoop
import FeedbackLoopSupport
import Testing

/// The doc comments' examples of `Loop`, `Loop.observeFromCurrent` and `QueueScheduler`,
/// verbatim (DocCommentMirrorCheckTests), run.
@Suite(.timeLimit(.minutes(3))) struct LoopDocCommentTests {
  enum Light: Hashable, Sendable { case red, green, yellow }
  enum Signal: Hashable, Sendable { case tick, emergency }

  /// A light that starts green and notes every state it reaches.
  static func trafficLight(seen: Protected<[Light]>) -> System<Light, Signal> {
    System("TrafficLight", initial: .green) {
      Transitions {
        Transition(from: .green, on: .tick, to: .yellow)
        Transition(from: .any, on: .emergency, to: .red)
      }
      Feedbacks {
        Feedback("seen") { state in
          seen.withLock { $0.append(state) }; return .none
        }
      }
    }
  }

  /// `Loop`: the states stream shows the light turning red, until its task is cancelled.
  @Test func aLoopOnAQueueReducesAndStreamsItsStates() async {
    let seen = Protected<[Light]>([])
    let trafficLight = Self.trafficLight(seen: seen)
    let lights = Task {
      let loop = Loop(trafficLight, scheduler: QueueScheduler())
      loop.send(.emergency)
      for await light in loop.states { print(light) }
    }
    #expect(await eventually { seen.withLock { $0 } == [.green, .red] })
    lights.cancel()
    await lights.value
  }

  /// `Loop.observeFromCurrent`: the observer sees the states after the current one, and
  /// `onStop` is called once the loop stops.
  @Test func theObserverSeesExactlyTheStatesAfterTheCurrentOne() {
    let rendered = Protected<[Light]>([])
    let closed = Protected(0)
    let render: @Sendable (Light) -> Void = { light in rendered.withLock { $0.append(light) } }
    let close: @Sendable () -> Void = { closed.withLock { $0 += 1 } }
    let loop = Loop(Self.trafficLight(seen: Protected([])))

    let (current, observation) = loop.observeFromCurrent({ render($0) }, onStop: { close() })
    render(current)

    loop.send(.tick)
    loop.stop()
    #expect(rendered.withLock { $0 } == [.green, .yellow])
    #expect(closed.withLock { $0 } == 1)
    observation.cancel()
  }

  struct Draft: Hashable, Sendable { var text: String }
  enum DraftEvent: Hashable, Sendable { case edit(String) }
  /// Where drafts are saved.
  actor Store {
    var saved: [String] = []
    func save(_ draft: Draft) throws { saved.append(draft.text) }
  }

  /// `QueueScheduler`: `execute(on:)` runs the save effect on the "io" queue; the draft is saved.
  @Test func anEffectExecutedOnAQueueSchedulerSavesTheDraft() async {
    let store = Store()
    let system = System<Draft, DraftEvent>("Editor", initial: Draft(text: "")) {
      Reducer { draft, event in if case .edit(let text) = event { draft.text = text } }
      Feedbacks {
        let io = QueueScheduler(label: "io")
        Feedback("save") { (state: Draft, _) in
          try await store.save(state)
          return nil
        }
        .execute(on: io)  // the effect's code runs on the "io" queue
      }
    }
    let loop = Loop(system)
    loop.send(.edit("hello"))
    var saved: [String] = []
    for _ in 0..<60_000 where saved.last != "hello" {
      saved = await store.saved
      try? await Task.sleep(for: .milliseconds(2))
    }
    loop.stop()
    #expect(saved.last == "hello")
  }
}
