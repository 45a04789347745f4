import CasePaths
import FeedbackDiagram
import FeedbackLoop
import FeedbackLoopCasePaths
import FeedbackLoopTesting
import Testing

@CasePathable
enum Screen: Hashable, Sendable {
  case idle
  case loading(page: Int)
  case loaded([String])
  case failed(String)
}

@CasePathable
enum ScreenEvent: Hashable, Sendable {
  case fetch
  case didLoad([String])
  case didFail(String)
  case reset
}

/// A loading screen whose transitions, feedback and assertions name cases by case key
/// path instead of by string.
let screen = System<Screen, ScreenEvent>("Screen", initial: .idle) {
  Transitions {
    Transition(from: .idle, on: .fetch, to: .loading(page: 1))
    Transition(from: .case(\.loading), on: .case(\.didLoad), label: "titles", targets: [.case(\.loaded)]) { _, event in
      guard case .didLoad(let titles) = event else { return .failed("unexpected \(event)") }
      return .loaded(titles)
    }
    Transition(from: .case(\.loading), on: .case(\.didFail), label: "message", targets: [.case(\.failed)]) { _, event in
      .failed(event[case: \.didFail] ?? "")
    }
    Transition(from: .any, on: .case(\.reset), to: .idle)
  }
  Feedback.on("network", emits: [.didLoad([])], .case(\.loading)) { state in
    .task { clock in
      try await clock.sleep(for: .seconds(1))
      return .didLoad(["page \(state[case: \.loading] ?? 0)"])
    }
  }
}

@Suite struct TypedCasePatternTests {
  @Test func typedPatternsMatchCasesWhateverTheirPayload() {
    let loop = LoopRecorder(screen)
    loop.send(.fetch) { $0 = .loading(page: 1) }
    loop.scheduler.advance(by: .seconds(1))
    loop.receive(.case(\.didLoad), from: "network") { $0 = .loaded(["page 1"]) }
    loop.send(.reset) { $0 = .idle }
    loop.finish()
  }

  @Test func aTypedCaseIsMoreSpecificThanAny() {
    let system = System<Screen, ScreenEvent>(initial: .failed("x")) {
      Transitions {
        Transition(from: .any, on: .case(\.fetch), to: .idle)
        Transition(from: .case(\.failed), on: .case(\.fetch), to: .loading(page: 9))
      }
    }
    let loop = LoopRecorder(system)
    loop.send(.fetch) { $0 = .loading(page: 9) }  // the case beats `.any`, declared first
    loop.send(.fetch) { $0 = .idle }
  }

  @Test func theDiagramNamesTheCases() {
    let graph = screen.graph
    #expect(
      graph.transitions.map { "\($0.from ?? "any") —\($0.event ?? "any")→ \($0.to.joined(separator: "|"))" } == [
        "idle —fetch→ loading", "loading —didLoad→ loaded", "loading —didFail→ failed", "any —reset→ idle",
      ])
    let dot = Diagram.dot(graph, figure: .states)
    #expect(dot.contains("tooltip=\"loading → loaded: didLoad / titles\""))
  }

  @Test func typedAndStringPatternsAreTheSame() {
    let typed = EventPattern<ScreenEvent>.case(\.didFail)
    let named = EventPattern<ScreenEvent>.case("didFail")
    #expect(typed.name == named.name)
    for event: ScreenEvent in [.fetch, .didLoad([]), .didFail("x"), .reset] {
      #expect(typed.matches(event) == named.matches(event), "\(event)")
    }
  }
}
