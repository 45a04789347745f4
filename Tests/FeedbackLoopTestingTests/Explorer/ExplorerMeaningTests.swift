import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExplorer
import Testing

/// Final states, properties of moves and progress: each check finds its seeded bug in
/// two systems (the checkout, with feedbacks; the vault, without; Echo for effects at the
/// end) and is quiet on the fixed ones.
@Suite struct ExplorerMeaningTests {
  static func checkout(_ bugs: Checkout.Bugs) -> Explorer<Checkout.State, Checkout.Event> {
    Checkout.$bugs.withValue(bugs) { Checkout.explorer }
  }

  @Test func theFixedSystemsHaveNoFindings() {
    #expect(Self.checkout([]).run().findings.map(\.message) == [])
    #expect(Vault.explorer().run().findings.map(\.message) == [])
  }

  @Test func aLateResultLeavingAFinalStateIsAFindingThatNamesTheMove() throws {
    let exploration = Self.checkout(.lateResult).run()
    #expect(
      exploration.findings.map(\.kind) == [
        .propertyViolated("cancelled stays cancelled"), .finalStateLeft("cancelled"),
        .effectInFlightAtEnd(feedback: "payment"),
      ])
    let left = try #require(exploration.findings.first { $0.kind == .finalStateLeft("cancelled") })
    #expect(
      left.message
        == "Final state left after 3 events: .pay, .cancel, .authorized (from payment): cancelled —authorized (from payment)→ confirmed, a move out of a final state."
    )
    #expect(left.path?.events == [.pay, .cancel, .authorized])
    #expect(left.slug == "final-state-left")
  }

  @Test func anEffectInFlightWhenAFinalStateIsReachedIsAFindingThatNamesTheFeedback() throws {
    let exploration = Self.checkout(.keepsPaying).run()
    #expect(
      exploration.findings.map(\.message) == [
        #"Effect in flight at the end after 2 events: .pay, .cancel: payment's effect is still running in cancelled, a final state (if it may outlive the loop's end, say so with effectsMayOutliveTheEnd("payment"))."#
      ])
    #expect(exploration.findings.first?.slug == "effect-at-end-payment")
    // Told that it may outlive the end: quiet.
    #expect(Self.checkout(.keepsPaying).effectsMayOutliveTheEnd("payment").run().findings.isEmpty)
    #expect(Self.checkout(.keepsPaying).effectsMayOutliveTheEnd().run().findings.isEmpty)
    #expect(!Self.checkout(.keepsPaying).effectsMayOutliveTheEnd("analytics").run().findings.isEmpty)
  }

  @Test func anEffectStillRunningInAFinalStateOfASecondSystem() {
    let explorer = Explorer(EchoModel.system, events: [.bump]).final { $0 == 2 }
    #expect(
      explorer.run().findings.map(\.message) == [
        "Effect in flight at the end after 2 events: .bump, .bump: echo's effect is still running in 2, a final state (if it may outlive the loop's end, say so with effectsMayOutliveTheEnd(\"echo\"))."
      ])
    #expect(explorer.effectsMayOutliveTheEnd("echo").run().findings.isEmpty)
  }

  @Test func aPropertyOfMovesIsCheckedOnEveryMove() throws {
    let exploration = Self.checkout(.resetsAttempt).run()
    let property = try #require(exploration.findings.first)
    #expect(
      property.message
        == #"Property "an attempt number never goes down" is broken after 4 events: .pay, .failed (from payment), .failed (from payment), .failed (from payment): paying(attempt: 3) —failed (from payment)→ paying(attempt: 1)."#
    )
    #expect(property.slug == "property-an-attempt-number-never-goes-down")
    let vault = Vault.explorer(.unlocks).run()
    #expect(
      vault.findings.map(\.message).prefix(2) == [
        #"Property "a locked vault stays locked" is broken after 2 events: .lock, .open: locked —open→ open."#,
        "Final state left after 2 events: .lock, .open: locked —open→ open, a move out of a final state.",
      ])
  }

  @Test func aCycleThatNeverPassesProgressIsALasso() throws {
    let exploration = Self.checkout(.resetsAttempt).run()
    let cycle = try #require(exploration.findings.first { $0.kind == .nonProgressCycle })
    #expect(
      cycle.message
        == "Non-progress cycle after 1 event: .pay, then forever: .failed (from payment), .failed (from payment), .failed (from payment), back to paying(attempt: 1) (the same explored state); no progress, final or waiting state on the way (progress(when:))."
    )
    #expect(cycle.path?.cycleStart == 1)
    #expect(cycle.path?.final == .paying(attempt: 1))
    let vault = try #require(Vault.explorer(.swings).run().findings.first { $0.kind == .nonProgressCycle })
    #expect(
      vault.message
        == "Non-progress cycle after 1 event: .open, then forever: .push, .push, back to open (the same explored state); no progress, final or waiting state on the way (progress(when:))."
    )
    // Without progress marks the check is off.
    #expect(
      Explorer(Vault.system(.swings), events: [.open, .push, .lock]).final(in: .value(.locked))
        .waits(in: .value(.closed)).run().findings.isEmpty)
  }

  @Test func theReplayFindsWhatTheExplorationFound() {
    let lateResult = Self.checkout(.lateResult)
    #expect(
      lateResult.replay([.send(.pay), .send(.cancel), .emitted(.authorized, by: "payment")]).findings.map(\.kind) == [
        .effectInFlightAtEnd(feedback: "payment"), .propertyViolated("cancelled stays cancelled"),
        .finalStateLeft("cancelled"),
      ])
    let cycle = Self.checkout(.resetsAttempt).replay([
      .send(.pay), .emitted(.failed, by: "payment"), .emitted(.failed, by: "payment"), .emitted(.failed, by: "payment"),
    ])
    #expect(cycle.findings.map(\.kind) == [.propertyViolated("an attempt number never goes down"), .nonProgressCycle])
    #expect(cycle.findings.last?.path?.cycleStart == 1)
  }
}

/// A level 0…2 that the outside bumps up, each state answered by a `.task`.
enum EchoModel {
  enum Ping: Hashable, Sendable { case bump, ping }
  static let system = System<Int, Ping>(
    "Echo", initial: 0, reduce: { (state: inout Int, event) in if event == .bump, state < 2 { state += 1 } },
    feedbacks: [Feedback("echo", emits: [.ping]) { _, _ in .ping }])
}

/// The reachable graph marks final states and the findings' moves.
@Suite struct MeaningReachableGraphTests {
  @Test func finalStatesAreMarkedAndTheFindingsMovesCarryTheirFinding() {
    let graph = Checkout.$bugs.withValue(.lateResult) { Checkout.explorer.run().reachableGraph() }
    #expect(graph.states.filter(\.isFinal).map(\.id) == ["cancelled", "confirmed", "declined"])
    let marked = graph.transitions.filter { $0.finding != nil }.map {
      "\($0.from ?? "*") —\($0.event ?? "*")→ \($0.to[0])"
    }
    #expect(marked.contains("cancelled —authorized→ confirmed"))
    #expect(marked.contains("cart —pay→ paying(attempt: 1)"))
    #expect(!marked.contains("paying(attempt: 1) —authorized→ confirmed"))
  }
}

/// A lasso as `assertNoFindings()` reports it: the way there, then the cycle.
@Suite struct LassoFailureMessageTests {
  @Test func thePathListsTheCycleAfterTheWayThere() throws {
    let messages = failureMessages {
      Checkout.$bugs.withValue(.resetsAttempt) {
        _ = Checkout.explorer.assertNoFindings()
      }
    }
    let lasso = try #require(messages.first { $0.hasPrefix("Non-progress cycle") })
    #expect(
      lasso.contains(
        """
        Path from the initial state cart:
          1. .pay → paying(attempt: 1)
          then around the cycle, forever:
          2. .failed from payment → paying(attempt: 2)
          3. .failed from payment → paying(attempt: 3)
          4. .failed from payment → paying(attempt: 1)
        """))
  }
}
