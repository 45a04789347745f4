import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExplorer
import FeedbackLoopTesting
import FeedbackMutation
import IssueReporting
import Testing

/// A payment whose charge computes one of two declared targets: paid or declined.
enum Payment: Hashable, Sendable, Codable { case cart(total: Int), paid(receipt: Int), declined(reason: String) }
enum Checkout: Hashable, Sendable, Codable { case pay(card: String) }

let payment = System<Payment, Checkout>("Payment", initial: .cart(total: 30)) {
  Transitions {
    Transition(from: .case("cart"), on: .case("pay"), label: "charge", targets: [.case("paid"), .case("declined")]) {
      state, event in
      guard case .cart(let total) = state, case .pay(let card) = event else { return state }
      return card == "valid" ? .paid(receipt: total) : .declined(reason: "card \(card)")
    }
  }
}

/// `MutationOperator.retargetComputed` through `diagram mutate`'s run, tests in process: the
/// mutant gets a state the tests' traces recorded, a test that asserts both outcomes of the
/// charge kills it, a test that asserts nothing does not, and a target case no trace reached
/// is not applicable, with the reason, in the text and the JSON.
@Suite struct RetargetComputedRunTests {
  /// Pays with `card`; `expected` asserts the state after the charge (`nil`: asserts nothing).
  static func pay(_ card: String, test: String, expecting expected: Payment?) -> Trace {
    guard let expected else {
      let loop = LoopRecorder(payment, exhaustivity: .off(), writesTrace: false, testName: test)
      loop.loop.send(.pay(card: card))
      loop.scheduler.advance()
      loop.skipReceived()
      return loop.trace
    }
    let loop = LoopRecorder(payment, writesTrace: false, testName: test)
    loop.send(.pay(card: card)) { $0 = expected }
    return loop.trace
  }

  /// Pays with a valid and with an expired card, asserting neither outcome.
  static func weak() -> [Trace] {
    [pay("valid", test: "weak()", expecting: nil), pay("expired", test: "weak()", expecting: nil)]
  }

  /// The same payments, each outcome asserted.
  static func strong() -> [Trace] {
    [
      pay("valid", test: "strong()", expecting: .paid(receipt: 30)),
      pay("expired", test: "strong()", expecting: .declined(reason: "card expired")),
    ]
  }

  /// Only the valid card, asserted: no trace reaches `declined`.
  static func paysOnly() -> [Trace] { [pay("valid", test: "paysOnly()", expecting: .paid(receipt: 30))] }

  static let suites: [String: @Sendable () -> [Trace]] = ["weak()": weak, "strong()": strong, "paysOnly()": paysOnly]

  /// Runs the batch's tests in process, each with its mutant: failed when one reports an issue.
  @Sendable static func runInProcess(_ batch: MutantBatch) -> [String: MutantBatch.Outcome] {
    var outcomes: [String: MutantBatch.Outcome] = [:]
    for pair in batch.pairs {
      let collector = MutationRunTests.IssueCollector()
      withIssueReporters([collector]) {
        MutantSwitch.$current.withValue(pair.mutant) { _ = suites[pair.test.name]?() }
      }
      outcomes[pair.test.name] = collector.messages.withLock { $0 }.first.map { .failed($0) } ?? .passed
    }
    return outcomes
  }

  static var mutants: [Mutant] { payment.graph.mutants.filter { $0.mutation == .retargetComputed } }

  static func run(_ test: String) throws -> MutationReport {
    let tests = [TracedTest(name: test, traces: suites[test]!())]
    return try MutationRun(mutants: mutants, tests: tests).execute(suiteSeconds: 1, runBatch: runInProcess)
  }

  @Test func aStrongTestKillsBothRetargetsAndAWeakOneKillsNeither() throws {
    let strong = try Self.run("strong()")
    #expect(strong.results.map(\.status) == [.killed, .killed])
    #expect(strong.results.map(\.killedBy) == [["strong()"], ["strong()"]])
    #expect(
      strong.results.map(\.mutant.valueDescription) == ["paid(receipt: 30)", "declined(reason: \"card expired\")"])
    #expect(
      strong.text.contains(
        """
        Killed:
          Payment: cart —pay→ always a recorded paid (was {paid, declined}) (charge)
            returns: paid(receipt: 30)
            by: strong()
          Payment: cart —pay→ always a recorded declined (was {paid, declined}) (charge)
            returns: declined(reason: "card expired")
            by: strong()
        """), "\(strong.text)")
    let json = try strong.json()
    #expect(json.contains(#""mutation" : "retargetComputed""#), "\(json)")
    #expect(json.contains(#""value" : "{\"paid\":{\"receipt\":30}}""#), "\(json)")

    let weak = try Self.run("weak()")
    #expect(weak.results.map(\.status) == [.survived, .survived])
    #expect(
      weak.text.contains(
        """
        Survived:
          Payment: cart —pay→ always a recorded paid (was {paid, declined}) (charge)
            returns: paid(receipt: 30)
            ran by: weak()
            not asserted: none takes the transition where it computes another state and asserts it (the mutant always returns paid(receipt: 30))
        """), "\(weak.text)")
  }

  @Test func aTargetCaseNoTraceReachedIsNotApplicableAndSaysWhy() throws {
    let report = try Self.run("paysOnly()")
    #expect(report.results.map(\.status) == [.survived, .inapplicable])  // only valid cards: "always paid" lives
    #expect(report.results[1].tests.isEmpty)
    #expect(report.score == 0)
    #expect(
      report.text.contains(
        """
        Not applicable (the system has no value to apply them with):
          Payment: cart —pay→ always a recorded declined (was {paid, declined}) (charge)
            why: no value of declined: no test's trace reaches declined
        """), "\(report.text)")
    #expect(try report.json().contains(#""reason" : "no value of declined: no test's trace reaches declined""#))
  }

  @Test func aStateNoTraceReachedComesFromTheRegisteredExplorer() throws {
    let explorer = Explorer(payment, events: [.pay(card: "valid"), .pay(card: "stolen")])
    let run = MutationRun(
      mutants: Self.mutants, tests: [TracedTest(name: "paysOnly()", traces: Self.paysOnly())],
      behaviours: ["Payment": { explorer.behaviour(applying: $0) }])
    let report = try run.execute(suiteSeconds: 1, runBatch: Self.runInProcess)
    // paysOnly() asserts paid after a valid card: "always declined" now has the explorer's state, and dies.
    #expect(report.results.map(\.status) == [.survived, .killed])
    #expect(report.results[1].mutant.valueDescription == "declined(reason: \"card stolen\")")
    #expect(report.results[1].mutant.value == #"{"declined":{"reason":"card stolen"}}"#)
    #expect(report.results[0].mutant.valueDescription == "paid(receipt: 30)")  // the trace's comes first
    let unreached = Explorer(payment, events: [.pay(card: "valid")])
    #expect(
      RecordedStates(
        [TracedTest(name: "paysOnly()", traces: Self.paysOnly())], explored: ["Payment": unreached.run().behaviour]
      ).lookUp(Self.mutants[1])
        == .missing("no value of declined: no test's trace reaches declined, nor does its registered explorer"))
  }

  @Test func tracesWithoutStatesAsJSONGiveNoValue() throws {
    var traces = Self.strong()
    for index in traces.indices {
      for step in traces[index].steps.indices { traces[index].steps[step].stateJSON = nil }
    }
    let recorded = RecordedStates([TracedTest(name: "strong()", traces: traces)])
    let mutant = try #require(Self.mutants.first)
    #expect(
      recorded.lookUp(mutant)
        == .missing("no value of paid: the traces of Payment hold no states as JSON (its State is not Codable)"))
    #expect(
      RecordedStates([]).lookUp(mutant) == .missing("no value of paid: no test's trace records Payment as declared"))
    let other = try #require(payment.graph.mutants.first { $0.mutation == .dropTransition })
    #expect(recorded.lookUp(other) == .ready(other))  // other operators need no value
  }

  /// The value travels in `FEEDBACKLOOP_MUTANT`, input from outside the process: a text that
  /// is not a state of the mutant's target case leaves the recorder's system as declared.
  @Test func aValueThatIsNotAStateOfTheTargetCaseIsNotApplied() throws {
    var mutant = try #require(Self.mutants.first)  // always a recorded paid
    func charge(_ system: System<Payment, Checkout>) -> Payment? {
      if case .reduced(let next, _) = system.reduce(.cart(total: 30), .pay(card: "expired")) { return next }
      return nil
    }
    for text in [
      "", "{", "null", "[1,2]", #"{"paid":{}}"#, #"{"declined":{"reason":"x"}}"#, #"{"paid":{"receipt":"30"}}"#,
    ] {
      mutant.value = text
      let system = MutantSwitch.$current.withValue(mutant) { MutantSwitch.applied(to: payment) }
      #expect(charge(system) == .declined(reason: "card expired"), "\(text)")
    }
    mutant.value = #"{"paid":{"receipt":7}}"#
    let system = MutantSwitch.$current.withValue(mutant) { MutantSwitch.applied(to: payment) }
    #expect(charge(system) == .paid(receipt: 7))
  }

  @Test func theExplorerAppliesTheRecordedStateForTheEquivalenceCheck() throws {
    let recorded = RecordedStates([TracedTest(name: "strong()", traces: Self.strong())])
    guard case .ready(let paid) = recorded.lookUp(try #require(Self.mutants.first)) else {
      Issue.record("no recorded value of paid")
      return
    }
    let explorer = Explorer(payment, events: [.pay(card: "valid"), .pay(card: "expired")])
    let mutated = try #require(explorer.behaviour(applying: paid))
    #expect(mutated != explorer.behaviour(applying: nil))
    #expect(!mutated.states.contains { $0.hasPrefix("declined") })
  }
}
