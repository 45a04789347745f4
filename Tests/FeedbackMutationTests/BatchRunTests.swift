import FeedbackGraph
import FeedbackLoop
import FeedbackLoopSupport
import FeedbackLoopTesting
import FeedbackMutation
import Foundation
import IssueReporting
import Testing

/// A door a keypad (an input the tests drive) opens and a closer shuts five seconds later.
enum Door: Hashable, Sendable { case locked, open }
enum Key: Hashable, Sendable { case code, timeout }

let door = System<Door, Key>("Door", initial: .locked) {
  Transitions {
    Transition(from: .locked, on: .code, to: .open)
    Transition(from: .open, on: .timeout, to: .locked)
  }
  Feedbacks {
    Feedback.input("keypad", emits: [.code])
    Feedback.on("closer", emits: [.timeout], .case("open")) { _ in
      .task { clock in
        try await clock.sleep(for: .seconds(5))
        return .timeout
      }
    }
  }
}

/// Many mutants to a process: batches hold each test once, the report names the tests that
/// killed each mutant, a killed mutant's other tests do not run, mutants of a feedback the
/// tests drive themselves and clock mutants of a feedback that never waits are left out.
@Suite struct BatchRunTests {
  /// Opens the door with the keypad and pins when the closer shuts it.
  static func pinned() -> Trace {
    let loop = LoopRecorder(door, scheduler: TestScheduler(), writesTrace: false, testName: "pinned()")
    loop.send(.code, from: "keypad") { $0 = .open }
    loop.receiveNothing(before: .seconds(5))
    loop.receive(.timeout, from: "closer", at: .seconds(5)) { $0 = .locked }
    return loop.trace
  }

  /// Opens the door and waits long enough for it to close.
  static func enough() -> Trace {
    let loop = LoopRecorder(door, scheduler: TestScheduler(), writesTrace: false, testName: "enough()")
    loop.send(.code, from: "keypad") { $0 = .open }
    loop.scheduler.advance(by: .seconds(60))
    loop.receive(.timeout, from: "closer") { $0 = .locked }
    return loop.trace
  }

  static let suites: [String: @Sendable () -> Trace] = ["pinned()": pinned, "enough()": enough]
  static let tests = [
    TracedTest(name: "enough()", traces: [enough()]), TracedTest(name: "pinned()", traces: [pinned()]),
  ]

  /// Runs a batch in process; records what each batch held.
  final class Runner: Sendable {
    let batches = Protected<[[String: String]]>([])
    /// Per batch, the mutants it killed.
    let kills = Protected<[Set<String>]>([])

    func run(_ batch: MutantBatch) -> [String: MutantBatch.Outcome] {
      batches.withLock { $0.append(Dictionary(uniqueKeysWithValues: batch.pairs.map { ($0.test.name, $0.mutant.id) })) }
      var outcomes: [String: MutantBatch.Outcome] = [:]
      for pair in batch.pairs {
        let collector = MutationRunTests.IssueCollector()
        withIssueReporters([collector]) {
          MutantSwitch.$current.withValue(pair.mutant) { _ = BatchRunTests.suites[pair.test.name]?() }
        }
        outcomes[pair.test.name] = collector.messages.withLock { $0.first }.map { .failed($0) } ?? .passed
      }
      let killed = Set(batch.pairs.filter { outcomes[$0.test.name] != .passed }.map(\.mutant.id))
      kills.withLock { $0.append(killed) }
      return outcomes
    }
  }

  @Test func eachBatchHoldsATestOnceAndTheReportNamesTheKillers() throws {
    let mutants = door.graph.mutants
    let runner = Runner()
    let report = try MutationRun(mutants: mutants, tests: Self.tests).execute(suiteSeconds: 1) { runner.run($0) }
    let batches = runner.batches.withLock { $0 }
    // Two tests: at most two pairs a batch, each test once.
    #expect(batches.allSatisfy { $0.count <= 2 })
    #expect(report.testRuns == batches.count)
    func result(_ name: String) throws -> MutantResult {
      try #require(report.results.first { $0.mutant.name == "Door: \(name)" })
    }
    // The closer's slow clock: only the test that pins the delay kills it.
    let slow = try result("feedback closer sees the clock at half speed")
    #expect(slow.status == .killed)
    #expect(slow.killedBy == ["pinned()"])
    #expect(slow.tests == ["enough()", "pinned()"])
    let fast = try result("feedback closer sees the clock at double speed")
    #expect(fast.killedBy == ["pinned()"])
    // Once a batch has killed a mutant, no later batch runs it.
    let kills = runner.kills.withLock { $0 }
    for id in report.results(.killed).map(\.mutant.id) {
      let killedIn = try #require(kills.firstIndex { $0.contains(id) })
      #expect(!batches[(killedIn + 1)...].contains { $0.values.contains(id) }, "\(id)")
    }
    #expect(report.text.contains("  Door: feedback closer sees the clock at half speed\n    by: pinned()\n"))
    #expect(try report.json().contains(#""killedBy" : ["#))
  }

  @Test func mutantsOfAFeedbackTheTestsDriveThemselvesAreListedApart() throws {
    let report = try MutationRun(mutants: door.graph.mutants, tests: Self.tests).execute(suiteSeconds: 1) {
      Runner().run($0)
    }
    let driven = report.results(.drivenByTests).map(\.mutant.name)
    #expect(
      driven == [
        "Door: feedback keypad disabled", "Door: feedback keypad sees the clock at half speed",
        "Door: feedback keypad sees the clock at double speed",
      ])
    #expect(report.score == 1)  // every other mutant is killed; the keypad's are left out
    // As the article "Mutation testing" shows it.
    #expect(
      report.text.hasPrefix(
        "Mutation score 1.00: 7/7 killed, 0 survived, 0 equivalent, 3 driven by the tests (left out); 10 mutants\n"))
    #expect(
      report.text.contains(
        """
        Driven by the tests (their events come from the tests' own sends; no test can kill them):
          Door: feedback keypad disabled
        """))
  }

  @Test func aClockMutantOfAFeedbackThatNeverWaitsIsEquivalentAndNotRun() throws {
    // The closer's effect emits at once in this trace: nothing waits on the clock.
    var quick = Self.pinned()
    for index in quick.steps.indices { quick.steps[index].timeNanoseconds = 0 }
    let test = TracedTest(name: "pinned()", traces: [quick])
    let slow = try #require(door.graph.mutants.first { $0.id == "Door/slowClock/closer" })
    #expect(!test.waitsOnTheClock(slow))
    #expect(TracedTest(name: "pinned()", traces: [Self.pinned()]).waitsOnTheClock(slow))
    let report = try MutationRun(mutants: [slow], tests: [test]).execute(suiteSeconds: 1) { _ in
      Issue.record("no test should run")
      return [:]
    }
    #expect(report.results.map(\.status) == [.equivalent])
  }

  @Test func aTestThatWaitsEnoughLetsTheClockMutantsSurvive() throws {
    let clocks = door.graph.mutants.filter { $0.mutation == .slowClock || $0.mutation == .fastClock }
      .filter { $0.name.contains("closer") }
    let report = try MutationRun(mutants: clocks, tests: [Self.tests[0]]).execute(suiteSeconds: 1) {
      Runner().run($0)
    }
    #expect(report.results.map(\.status) == [.survived, .survived])
    // As the article "Mutation testing" shows it.
    #expect(
      report.text.contains(
        """
        Survived:
          Door: feedback closer sees the clock at half speed
            ran by: enough()
            not asserted: none pins when the feedback's events arrive (each wait lasts twice as long): advance to just before the delay, assert nothing came, then advance by the rest
        """))
  }

  @Test func aMutantKilledByOneTestIsNotRunByAnotherLater() throws {
    let slow = try #require(door.graph.mutants.first { $0.id == "Door/slowClock/closer" })
    let drop = try #require(door.graph.mutants.first { $0.mutation == .dropTransition && $0.name.contains("code") })
    // b() recorded only the keypad's code: it touches the dropped transition, not the closer.
    var opening = Self.pinned()
    opening.steps = Array(opening.steps.prefix { !$0.kind.isEffectStep })
    let tests = [TracedTest(name: "a()", traces: [Self.pinned()]), TracedTest(name: "b()", traces: [opening])]
    let batches = Protected<[[String: String]]>([])
    let report = try MutationRun(mutants: [slow, drop], tests: tests).execute(suiteSeconds: 1) { batch in
      batches.withLock { $0.append(Dictionary(uniqueKeysWithValues: batch.pairs.map { ($0.test.name, $0.mutant.id) })) }
      return Dictionary(
        uniqueKeysWithValues: batch.pairs.map { pair in
          (pair.test.name, pair.mutant.id == drop.id ? MutantBatch.Outcome.failed("killed") : .passed)
        })
    }
    // Batch 1: a() with the slow clock, b() kills the drop; a() never runs the drop after.
    #expect(batches.withLock { $0 } == [["a()": slow.id, "b()": drop.id]])
    #expect(report.results.map(\.status) == [.survived, .killed])
    #expect(report.results[1].killedBy == ["b()"])
  }

  @Test func aPairThatNeverRunsStopsTheRunWithOneLine() throws {
    let drop = try #require(door.graph.mutants.first { $0.mutation == .dropTransition })
    let run = MutationRun(mutants: [drop], tests: [Self.tests[1]])
    #expect(
      throws: MutationError.setup(
        "no test ran for \(drop.id) (pinned()): a run that runs nothing proves nothing")
    ) {
      try run.execute(suiteSeconds: 1) { _ in ["pinned()": .notRun] }
    }
  }

  @Test func severalJobsGiveTheSameResults() throws {
    let mutants = door.graph.mutants
    let one = try MutationRun(mutants: mutants, tests: Self.tests).execute(suiteSeconds: 1) { Runner().run($0) }
    let two = try MutationRun(mutants: mutants, tests: Self.tests).execute(suiteSeconds: 1, jobs: 2) {
      Runner().run($0)
    }
    #expect(two.jobs == 2)
    #expect(one.results.map(\.status) == two.results.map(\.status))
  }
}
