// The "Getting started" article's system, loop and events-as-types snippets (FeedbackLoop),
// verbatim (ReadmeMirrorCheckTests fails when the article and this file drift apart).
import FeedbackLoop
import FeedbackLoopTesting
import Testing

@Suite(.timeLimit(.minutes(3))) struct ReadmeSystemSnippetTests {
  /// "A system": the declaration and the lines that run it, in one function so that the
  /// statements compile (the declaration is also at the top level of
  /// Tests/FeedbackLoopExamplesTests/ReadmeSnippetTests.swift).
  @Test func aLoopRunsTheSystemAndShowsItsState() async {
    enum Light: Hashable, Sendable { case red, green, yellow }
    enum Signal: Hashable, Sendable { case tick, emergency }

    let trafficLight = System<Light, Signal>("TrafficLight", initial: .red) {
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
        .strategy(.cancelOnNewState)
      }
    }

    let loop = Loop(trafficLight)  // on an InlineScheduler: each send is reduced before it returns
    loop.send(.emergency)  // thread-safe, from any thread
    let light: Light = loop.state  // the state after the last reduced event: .red
    let lights: AsyncStream<Light> = loop.states  // the current state, then every new one

    #expect(light == .red)
    var iterator = lights.makeAsyncIterator()
    #expect(await iterator.next() == .red)
    loop.stop()
    #expect(await iterator.next() == nil)
  }

  @Test func seekingResumesPlayback() {
    let loop = LoopRecorder(player)
    loop.send(Seek(second: 30)) { $0.second = 30 }
    loop.receive(.type(Play.self), from: "resume after seek") { $0.playing = true }
  }

  @Test func playAndPauseAreDeclaredTransitionsMatchedByType() {
    let graph = player.graph
    #expect(graph.transitions.map(\.event) == ["Play", "Pause"])
    #expect(graph.transitions.map(\.label) == ["playing = true", "playing = false"])
    let loop = LoopRecorder(player)
    loop.send(Play()) { $0.playing = true }
    loop.send(Pause()) { $0.playing = false }
  }
}

protocol PlayerEvent: Sendable {}
struct Play: PlayerEvent {}
struct Pause: PlayerEvent {}
struct Seek: PlayerEvent { var second: Int }

struct Player: Hashable, Sendable {
  var playing = false
  var second = 0
}

let player = System<Player, any PlayerEvent>("Player", initial: Player()) {
  Transitions {
    Transition(from: .type(Player.self), on: .type(Play.self), label: "playing = true") { state, _ in
      Player(playing: true, second: state.second)
    }
    Transition(from: .type(Player.self), on: .type(Pause.self), label: "playing = false") { state, _ in
      Player(playing: false, second: state.second)
    }
  }
  Reducer { state, event in
    if let seek = event as? Seek { state.second = seek.second }  // a reducer casts
  }
  Feedbacks {
    Feedback.when("resume after seek", emits: [Play()], { !$0.playing && $0.second > 0 }) { _ in
      .send(Play())
    }
  }
}
