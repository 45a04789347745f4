import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopExplorer
import FeedbackLoopSupport
import FeedbackLoopTesting
import FeedbackMutation
import Foundation
import IssueReporting
import Testing

/// `diagram mutate`'s bookkeeping, with the tests run in process: a weak suite lets a
/// retarget survive and a strong one kills it; only tests whose traces touch a mutant run it;
/// the explorer recognises an equivalent mutant; shards and merges add up.
@Suite struct MutationRunTests {
  /// Collects the issues the kit reports instead of failing the running test.
  final class IssueCollector: IssueReporter, Sendable {
    let messages = Protected<[String]>([])

    func reportIssue(
      _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString, filePath: StaticString,
      line: UInt, column: UInt
    ) {
      let text = message() ?? ""
      messages.withLock { $0.append(text) }
    }
  }

  /// Covers red —tick→ green but never asserts where it led.
  static func weak() -> Trace {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(
      TrafficLight.system, scheduler: scheduler, exhaustivity: .off(), writesTrace: false, testName: "weak()")
    scheduler.advance(by: .seconds(30))
    loop.skipReceived()
    loop.skipInFlightEffects()
    return loop.trace
  }

  /// The same steps, asserting the target.
  static func strong() -> Trace {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(TrafficLight.system, scheduler: scheduler, writesTrace: false, testName: "strong()")
    scheduler.advance(by: .seconds(30))
    loop.receive(.tick, from: "timer") { $0 = .green }
    loop.skipInFlightEffects()
    return loop.trace
  }

  static let suites: [String: @Sendable () -> Trace] = ["weak()": weak, "strong()": strong]

  /// Runs the batch's tests in process, each with its mutant switched on: failed when it
  /// reports an issue.
  @Sendable static func runInProcess(_ batch: MutantBatch) -> [String: MutantBatch.Outcome] {
    var outcomes: [String: MutantBatch.Outcome] = [:]
    for pair in batch.pairs {
      let collector = IssueCollector()
      withIssueReporters([collector]) {
        MutantSwitch.$current.withValue(pair.mutant) { _ = suites[pair.test.name]?() }
      }
      let messages = collector.messages.withLock { $0 }
      outcomes[pair.test.name] = messages.first.map { .failed($0) } ?? .passed
    }
    return outcomes
  }

  static func mutant(_ name: String, of graph: SystemGraph = TrafficLight.system.graph) throws -> Mutant {
    try #require(graph.mutants.first { $0.name == name })
  }

  @Test func aWeakSuiteLetsTheRetargetSurviveAndTheStrongSuiteKillsIt() throws {
    let retarget = try Self.mutant("TrafficLight: red —tick→ yellow (was green)")
    let weak = MutationRun(mutants: [retarget], tests: [TracedTest(name: "weak()", traces: [Self.weak()])])
    let survived = try weak.execute(suiteSeconds: 1, runBatch: Self.runInProcess)
    #expect(survived.results.map(\.status) == [.survived])
    #expect(survived.score == 0)
    #expect(
      survived.text.contains(
        """
        Survived:
          TrafficLight: red —tick→ yellow (was green)
            ran by: weak()
            not asserted: none asserts the state after the transition (the mutant leads to yellow)
        """))

    let strong = MutationRun(mutants: [retarget], tests: [TracedTest(name: "strong()", traces: [Self.strong()])])
    let killed = try strong.execute(suiteSeconds: 1, runBatch: Self.runInProcess)
    #expect(killed.results.map(\.status) == [.killed])
    #expect(killed.score == 1)
  }

  @Test func onlyTestsWhoseTracesTouchTheMutantRunIt() throws {
    // The weak and strong tests take red —tick→ green only; dropping the emergency
    // transition touches neither, so no test runs and it survives as unexercised.
    let emergency = try Self.mutant("TrafficLight: drop any state —emergency→ red")
    let tests = [
      TracedTest(name: "weak()", traces: [Self.weak()]), TracedTest(name: "strong()", traces: [Self.strong()]),
    ]
    let run = MutationRun(mutants: [emergency], tests: tests)
    #expect(run.selected(for: emergency).isEmpty)
    let report = try run.execute(suiteSeconds: 1) { _ in
      Issue.record("no test should run")
      return [:]
    }
    #expect(report.results.map(\.status) == [.survived])
    #expect(report.results[0].unasserted == "no test's trace touches what it changes")
    #expect(report.testRuns == 0)
    let retarget = try Self.mutant("TrafficLight: red —tick→ yellow (was green)")
    #expect(run.selected(for: retarget).map(\.name) == ["weak()", "strong()"])
  }

  @Test func theExplorerRecognisesAnEquivalentMutantAndTheScoreLeavesItOut() throws {
    let graph = SignIn.system().graph
    let equivalent = try Self.mutant("SignIn: failed —submit→ submitting without [form is valid]", of: graph)
    let different = try Self.mutant("SignIn: editing —submit→ editing (was submitting) [form is valid]", of: graph)
    let explorer = ExampleExplorers.signIn
    let run = MutationRun(
      mutants: [equivalent, different], tests: [], behaviours: ["SignIn": { explorer.behaviour(applying: $0) }])
    let report = try run.execute(suiteSeconds: 1) { _ in [:] }
    #expect(report.results.map(\.status) == [.equivalent, .survived])
    #expect(report.score == 0)  // 0 killed of 1 scored: the equivalent one is left out
    #expect(
      report.text.contains(
        "Equivalent (the explorer finds the same reachable states and transitions; for a clock, no traced effect waits on it):"
      ))
  }

  @Test func shardsSliceThePlanAndTheirMergeIsTheWhole() throws {
    let systems = [TrafficLight.system.graph, Counter.system().graph]
    let all = try MutationRun.plan(systems: systems)
    let first = try MutationRun.plan(systems: systems, shard: Shard(argument: "1/2"))
    let second = try MutationRun.plan(systems: systems, shard: Shard(argument: "2/2"))
    #expect(Set(first.map(\.id)).isDisjoint(with: second.map(\.id)))
    #expect(Set(first.map(\.id) + second.map(\.id)) == Set(all.map(\.id)))
    for bad in ["0/2", "3/2", "1/0", "a/b", "1", "1/2/3"] { #expect(Shard(argument: bad) == nil) }

    func report(_ mutants: [Mutant]) -> MutationReport {
      MutationReport(
        results: mutants.map { MutantResult(mutant: $0, status: .killed, tests: ["t()"]) }, suiteSeconds: 2,
        totalSeconds: 3, testRuns: mutants.count)
    }
    let merged = try MutationReport.merged([report(first), report(second)])
    #expect(merged.results.count == all.count)
    #expect(merged.totalSeconds == 6)
    #expect(throws: MutationError.results("mutant \(first[0].id) is in two of the merged results")) {
      try MutationReport.merged([report(first), report(first)])
    }
    let json = try merged.json()
    #expect(try MutationReport.read(Data(json.utf8), path: "m.json") == merged)
  }

  @Test func anUnknownMutantIsAnError() throws {
    #expect(throws: MutationError.unknownMutant("TrafficLight/nope")) {
      try MutationRun.plan(systems: [TrafficLight.system.graph], only: ["TrafficLight/nope"])
    }
    #expect(throws: MutationError.results("x.json is not the JSON of `mutate --json`")) {
      try MutationReport.read(Data("{}".utf8), path: "x.json")
    }
  }

  @Test func aTestIsFoundByItsIdentifierInsideOrOutsideASuite() {
    let known = ["M.Suite/lightCycles()", "M.lightCycles()", "M.Other/lightCyclesFast()", "M.XC/testA", "M.f(name:)"]
    #expect(
      TracedTest(name: "lightCycles()", traces: []).identifiers(among: known) == [
        "M.Suite/lightCycles()", "M.lightCycles()",
      ])
    #expect(TracedTest(name: "testA()", traces: []).identifiers(among: known) == ["M.XC/testA"])
    #expect(TracedTest(name: "f(name:)", traces: []).identifiers(among: known) == ["M.f(name:)"])
    #expect(TracedTest(name: "lightCycles()", traces: []).filter == #"[./]lightCycles(\(|$)"#)
  }

  @Test func aRunThatRanNoTestIsNotAPass() {
    #expect(TestProcess.ranTests("✔ Test run with 2 tests in 1 suite passed after 0.003 seconds."))
    #expect(TestProcess.ranTests("\t Executed 1 test, with 0 failures (0 unexpected) in 0.005 (0.005) seconds"))
    #expect(!TestProcess.ranTests("✔ Test run with 0 tests in 0 suites passed after 0.001 seconds."))
    #expect(
      !TestProcess.ranTests(
        "\t Executed 0 tests, with 0 failures (0 unexpected) in 0.0 (0.0) seconds\n✔ Test run with 0 tests in 0 suites")
    )
  }

  @Test func aRunPastTheTimeLimitKillsTheMutantAndSaysSo() throws {
    let retarget = try Self.mutant("TrafficLight: red —tick→ yellow (was green)")
    let run = MutationRun(mutants: [retarget], tests: [TracedTest(name: "weak()", traces: [Self.weak()])])
    let report = try run.execute(suiteSeconds: 1) { batch in
      Dictionary(uniqueKeysWithValues: batch.pairs.map { ($0.test.name, MutantBatch.Outcome.timedOut) })
    }
    #expect(report.results.map(\.status) == [.killed])
    #expect(report.results[0].timedOut)
    #expect(report.text.contains("1 mutant killed by the time limit"))
  }
}
