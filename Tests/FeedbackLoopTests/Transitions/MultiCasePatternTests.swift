import FeedbackGraph
import FeedbackLoop
import Testing

/// `.cases(…)` and `.oneOf(…)`: one declaration, one transition per source, as if each had
/// been written on its own line (issue 34).
@Suite struct MultiCasePatternTests {
  enum Checkout: Hashable, Sendable { case idle, paying(amount: Int), challenge(attempt: Int), done }
  enum Action: Hashable, Sendable { case pay(Int), challenge, retry, cancel, confirm }

  static let checkout = System<Checkout, Action>("Checkout", initial: .idle) {
    Transitions {
      Transition(from: .idle, on: .case("pay"), to: .paying(amount: 0))
      Transition(from: .case("paying"), on: .challenge, to: .challenge(attempt: 1))
      Transition(from: .cases("paying", "challenge"), on: .cancel, to: .idle)
      Transition(from: .case("paying"), on: .confirm, to: .done)
    }
  }

  /// The state after `events`, and the lines of the reductions (with the transition taken).
  static func run(_ system: System<Checkout, Action>, _ events: [Action]) -> (Checkout, [String]) {
    let log = ActivityLog<Checkout, Action>()
    let loop = Loop(system, onStep: log.monitor)
    for event in events { loop.send(event) }
    return (loop.state, log.lines("reduce").map { String($0.split(separator: " ").last!) })
  }

  /// `checkout` starting in `state`.
  static func checkout(from state: Checkout) -> System<Checkout, Action> {
    System<Checkout, Action>("Checkout", initial: state) { Transitions { Self.oneOfTable } }
  }

  static var oneOfTable: Transitions<Checkout, Action> {
    Transitions {
      Transition(
        from: .oneOf(
          .value(.challenge(attempt: 3)),
          .case("paying", where: { if case .paying(let amount) = $0 { amount > 100 } else { false } })),
        on: .cancel, to: .done)
    }
  }

  /// The spelling by names: two edges in the graph, one per source case, each with its own id.
  @Test func casesDeclaresOneTransitionPerSourceCase() {
    let graph = Self.checkout.graph
    #expect(
      graph.transitions.map { graph.describe($0.id) } == [
        "idle —pay→ paying", "paying —challenge→ challenge", "paying —cancel→ idle", "challenge —cancel→ idle",
        "paying —confirm→ done",
      ])
    #expect(graph.transitions.map(\.fromMatch) == [.value, .enumCase, .enumCase, .enumCase, .enumCase])
  }

  /// Each source reduces through its own transition: t2 from paying, t3 from challenge.
  @Test func eachSourceTakesItsOwnTransition() {
    #expect(Self.run(Self.checkout, [.pay(5), .cancel]) == (.idle, ["[t0]", "[t2]"]))
    #expect(Self.run(Self.checkout, [.pay(5), .challenge, .cancel]) == (.idle, ["[t0]", "[t1]", "[t3]"]))
    #expect(Self.run(Self.checkout, [.pay(5), .confirm, .cancel]) == (.done, ["[t0]", "[t4]"]))  // done: ignored
  }

  /// The spelling by patterns (here a value and a typed test, as the CasePaths add-on makes
  /// them): one transition per pattern, each keeping its kind.
  @Test func oneOfDeclaresOneTransitionPerPattern() {
    let graph = Self.checkout(from: .idle).graph
    #expect(graph.transitions.map { graph.describe($0.id) } == ["challenge —cancel→ done", "paying —cancel→ done"])
    #expect(graph.transitions.map(\.fromMatch) == [.value, .enumCase])
    #expect(Self.run(Self.checkout(from: .challenge(attempt: 3)), [.cancel]) == (.done, ["[t0]"]))
    #expect(Self.run(Self.checkout(from: .challenge(attempt: 2)), [.cancel]) == (.challenge(attempt: 2), []))
    #expect(Self.run(Self.checkout(from: .paying(amount: 500)), [.cancel]) == (.done, ["[t1]"]))
    #expect(Self.run(Self.checkout(from: .paying(amount: 5)), [.cancel]) == (.paying(amount: 5), []))
  }

  /// The doc comment's example of `oneOf`: a value and a case.
  @Test func theOneOfExample() {
    let system = System<Checkout, Action>("Checkout", initial: .challenge(attempt: 3)) {
      Transitions {
        Transition(from: .oneOf(.case("paying"), .value(.challenge(attempt: 3))), on: .cancel, to: .idle)
      }
    }
    let graph = system.graph
    #expect(graph.transitions.map { graph.describe($0.id) } == ["paying —cancel→ idle", "challenge —cancel→ idle"])
    #expect(Self.run(system, [.cancel]) == (.idle, ["[t1]"]))
  }

  /// A computed transition whose targets default to its sources declares, for each source,
  /// that source alone: a retry from paying is not declared to land in challenge.
  @Test func defaultTargetsNarrowToEachSource() {
    let system = System<Checkout, Action>("Checkout", initial: .idle) {
      Transitions {
        Transition(from: .cases("paying", "challenge"), on: .retry, label: "again") { state, _ in state }
      }
    }
    let graph = system.graph
    #expect(graph.transitions.map(\.from) == ["paying", "challenge"])
    #expect(graph.transitions.map(\.to) == [["paying"], ["challenge"]])
    #expect(graph.transitions.map(\.label) == ["again", "again"])
  }

  /// A case named twice counts once; `oneOf` inside `oneOf` stands for its patterns; `.any`
  /// among them is `.any`.
  @Test func repeatsNestingAndAnyCollapse() {
    let system = System<Checkout, Action>("Checkout", initial: .idle) {
      Transitions {
        Transition(from: .oneOf(.cases("paying", "challenge"), .case("paying"), .case("done")), on: .cancel, to: .idle)
        Transition(from: .oneOf(.case("idle"), .any), on: .confirm, to: .idle)
      }
    }
    let graph = system.graph
    #expect(
      graph.transitions.map { graph.describe($0.id) } == [
        "paying —cancel→ idle", "challenge —cancel→ idle", "done —cancel→ idle", "any state —confirm→ idle",
      ])
  }

  /// Outside a table (a feedback's or an explorer's pattern) the pattern matches any of its
  /// sources.
  @Test func thePatternMatchesAnyOfItsSources() {
    let pattern = StatePattern<Checkout>.cases("paying", "challenge")
    #expect(pattern.matches(.paying(amount: 1)) && pattern.matches(.challenge(attempt: 1)))
    #expect(!pattern.matches(.idle) && !pattern.matches(.done))
    #expect(pattern.name == "paying | challenge")
  }

  /// Mutants see one transition per case: dropping the edge from challenge leaves the one
  /// from paying working.
  @Test func aMutantDropsOneCasesEdgeOnly() throws {
    let mutants = Self.checkout.graph.mutants.map(\.name)
    #expect(mutants.contains("Checkout: drop paying —cancel→ idle"))
    let dropped = try #require(
      Self.checkout.graph.mutants.first { $0.name == "Checkout: drop challenge —cancel→ idle" })
    let mutated = try #require(Self.checkout.applying(dropped))
    #expect(Self.run(mutated, [.pay(5), .cancel]) == (.idle, ["[t0]", "[t2]"]))
    #expect(Self.run(mutated, [.pay(5), .challenge, .cancel]) == (.challenge(attempt: 1), ["[t0]", "[t1]"]))
  }
}
