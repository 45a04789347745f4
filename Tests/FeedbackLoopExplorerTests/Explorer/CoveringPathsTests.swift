import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopExplorer
import Testing

/// Covering paths: together they fire every transition the exploration saw fire.
@Suite struct CoveringPathsTests {
  /// The transitions a path fires, replayed through its trace.
  static func fired<S, E>(_ exploration: Exploration<S, E>) -> Set<TransitionID> {
    Set(exploration.coveringTraces.flatMap { $0.steps.compactMap { $0.kind == .event ? $0.transition : nil } })
  }

  @Test func everyExamplesCoveringPathsFireEveryReachableTransition() {
    let examples: [(String, Set<TransitionID>, Set<TransitionID>, Int)] = [
      {
        let e = ExampleExplorers.counter.run();
        return ("Counter", Self.fired(e), Set(e.firedTransitions), e.coveringPaths.count)
      }(),
      {
        let e = ExampleExplorers.signIn.run();
        return ("SignIn", Self.fired(e), Set(e.firedTransitions), e.coveringPaths.count)
      }(),
      {
        let e = ExampleExplorers.trafficLight.run();
        return ("TrafficLight", Self.fired(e), Set(e.firedTransitions), e.coveringPaths.count)
      }(),
      {
        let e = ExampleExplorers.volume.run();
        return ("Volume", Self.fired(e), Set(e.firedTransitions), e.coveringPaths.count)
      }(),
      {
        let e = ExampleExplorers.uploader.run();
        return ("Uploader", Self.fired(e), Set(e.firedTransitions), e.coveringPaths.count)
      }(),
      {
        let e = ExampleExplorers.movies.run();
        return ("Movies", Self.fired(e), Set(e.firedTransitions), e.coveringPaths.count)
      }(),
    ]
    for (name, covered, reachable, count) in examples {
      #expect(!reachable.isEmpty, "\(name)")
      #expect(
        covered == reachable,
        "\(name): covering paths fire \(covered.sorted()), the exploration fired \(reachable.sorted())")
      #expect(count <= reachable.count, "\(name)")
    }
  }

  @Test func trafficLightNeedsTwoPathsAndNamesNothingUnreachable() {
    let exploration = ExampleExplorers.trafficLight.run()
    #expect(exploration.coveringPaths.map { $0.events } == [[.tick, .tick, .tick], [.emergency]])
    #expect(exploration.unreachableTransitions.isEmpty)
  }

  @Test func volumeWithoutItsKeysNamesTheTransitionNoPathCanFire() {
    // The example's explorer without the volume keys: only the feedbacks send, and from 10
    // they only raise.
    let exploration = Explorer(
      Volume.system(), events: [], feedbackEvents: [Volume.Increase(), Volume.Decrease()]
    )
    .waits { $0.value == 15 }.run()
    #expect(exploration.unreachableTransitions == [TransitionID(1)])
    // The feedbacks send at once: the loop runs 10 → 15 before any outside event.
    #expect(exploration.coveringPaths.map { $0.steps.count } == [5])
  }

  @Test func volumeWithItsKeysFiresBothTransitionsAndHasNoFinding() {
    let exploration = ExampleExplorers.volume.run()
    #expect(exploration.unreachableTransitions.isEmpty)
    #expect(Set(exploration.firedTransitions) == [TransitionID(0), TransitionID(1)])
    #expect(exploration.findings.isEmpty)
  }

  @Test func theUploaderExploresToNoFindingWaitingOnlyWhereItSaysSo() {
    let exploration = ExampleExplorers.uploader.run()
    #expect(exploration.isComplete)
    #expect(exploration.findings.isEmpty)
    #expect(exploration.stateCount == 8)
    // Without its waiting states, each of them is a stuck state.
    let undeclared = Explorer(
      Uploader.system(), events: [.pick("cat.jpg"), .dismiss], feedbackEvents: [.succeeded, .failed, .retry]
    ).run()
    let stuck = undeclared.findings.filter { $0.kind == .stuck }
    #expect(!stuck.isEmpty)
    #expect(stuck.allSatisfy { [.idle, .done(file: "cat.jpg"), .failed(file: "cat.jpg")].contains($0.path?.final) })
  }
}
