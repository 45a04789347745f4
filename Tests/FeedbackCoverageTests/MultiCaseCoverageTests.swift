import FeedbackCoverage
import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// A transition declared from several cases (`.cases(…)`) is one transition per case in
/// coverage: a test that cancels from one case covers that case's edge only.
@Suite struct MultiCaseCoverageTests {
  enum Checkout: Hashable, Sendable { case idle, paying, challenge }
  enum Action: Hashable, Sendable { case pay, challenge, cancel }

  static let checkout = System<Checkout, Action>("Checkout", initial: .idle) {
    Transitions {
      Transition(from: .idle, on: .pay, to: .paying)
      Transition(from: .paying, on: .challenge, to: .challenge)
      Transition(from: .cases("paying", "challenge"), on: .cancel, to: .idle)
    }
  }

  static func coverage(of recorders: [LoopRecorder<Checkout, Action>]) -> Coverage {
    var coverage = Coverage(graph: checkout.graph)
    for recorder in recorders {
      coverage.beginTrace()
      for step in recorder.trace.steps { coverage.add(step) }
    }
    return coverage
  }

  @Test func cancellingFromOneCaseCoversThatCaseOnly() {
    let fromPaying = LoopRecorder(Self.checkout, writesTrace: false)
    fromPaying.send(.pay) { $0 = .paying }
    fromPaying.send(.cancel) { $0 = .idle }
    fromPaying.finish()
    let coverage = Self.coverage(of: [fromPaying])
    #expect(coverage.transitionFraction.description == "2/4")
    #expect(
      coverage.uncovered.map { Self.checkout.graph.describe($0.id) } == [
        "paying —challenge→ challenge", "challenge —cancel→ idle",
      ])

    let fromChallenge = LoopRecorder(Self.checkout, writesTrace: false)
    fromChallenge.send(.pay) { $0 = .paying }
    fromChallenge.send(.challenge) { $0 = .challenge }
    fromChallenge.send(.cancel) { $0 = .idle }
    fromChallenge.finish()
    #expect(Self.coverage(of: [fromPaying, fromChallenge]).transitionFraction.description == "4/4")
  }
}
