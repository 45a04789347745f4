package import FeedbackGraph
package import Foundation
import FeedbackLoopSupport

/// What `diagram mutate` does once the tests are built and their traces recorded: give each
/// mutant that returns a recorded state its value (``RecordedStates``: from the traces, else
/// from the system's registered explorer), run only the tests
/// whose traces touch what a mutant changes (a failure kills it), many mutants to a test
/// process (one per test of a ``MutantBatch``), then ask the explorer whether a survivor is
/// equivalent to the original.
///
/// The test runs are a closure, so that the bookkeeping is tested without processes:
///
/// ```swift
/// let run = MutationRun(mutants: graph.mutants, tests: TracedTest.grouping(traces))
/// let report = try run.execute(suiteSeconds: 3) { batch in
///   try process.run(batch, among: identifiers)
/// }
/// ```
package struct MutationRun {
  /// The mutants to run, in order.
  package var mutants: [Mutant]
  /// The tests and their traces.
  package var tests: [TracedTest]
  /// Per system name: its reachable behaviour with a mutant switched on (`nil`: the
  /// original), from a registered exploration; systems without one get no equivalence check.
  package var behaviours: [String: @Sendable (Mutant?) -> ReachableBehaviour?]
  /// The slice of the mutants this run covers.
  package var shard: Shard?

  /// A run of `mutants` against `tests`.
  package init(
    mutants: [Mutant], tests: [TracedTest], behaviours: [String: @Sendable (Mutant?) -> ReachableBehaviour?] = [:],
    shard: Shard? = nil
  ) {
    self.mutants = mutants
    self.tests = tests
    self.behaviours = behaviours
    self.shard = shard
  }

  /// The mutants of `systems` (``SystemGraph/mutants``, systems by name), only those whose
  /// ids `only` lists when it lists any, then `shard`'s slice of them.
  ///
  /// - Throws: ``MutationError/unknownMutant(_:)`` for an id no system has.
  package static func plan(systems: [SystemGraph], only ids: [String] = [], shard: Shard? = nil) throws -> [Mutant] {
    var all = systems.sorted { $0.name < $1.name }.flatMap(\.mutants)
    if !ids.isEmpty {
      let known = Set(all.map(\.id))
      if let unknown = ids.first(where: { !known.contains($0) }) { throw MutationError.unknownMutant(unknown) }
      all = all.filter { ids.contains($0.id) }
    }
    return shard?.slice(all) ?? all
  }

  /// The tests that can notice `mutant`.
  package func selected(for mutant: Mutant) -> [TracedTest] {
    tests.filter { $0.touches(mutant) }
  }

  /// Whether `mutant` changes a feedback whose events the selected `tests` only ever send
  /// themselves: their traces show the feedback's events but never one of its effects.
  package static func isDrivenByTests(_ mutant: Mutant, _ tests: [TracedTest]) -> Bool {
    guard let feedback = mutant.feedback, !tests.isEmpty else { return false }
    return tests.allSatisfy { $0.sendsItself(feedback, of: mutant) }
  }

  /// Runs every mutant's selected tests with `runBatch` (up to `jobs` batches at once) and
  /// checks survivors for equivalence; `progress` gets one line per batch.
  ///
  /// A batch holds each test at most once, each with one mutant; a mutant's later tests are
  /// not run once one has killed it.
  ///
  /// - Parameters:
  ///   - suiteSeconds: how long one run of the whole suite took (for the ratio).
  ///   - started: when the mutation run began (the suite's run included), for the speed.
  ///   - jobs: how many batches run at once.
  package func execute(
    suiteSeconds: Double, started: Date = Date(), jobs: Int = 1,
    progress: @escaping @Sendable (String) -> Void = { _ in },
    runBatch: @escaping @Sendable (MutantBatch) throws -> [String: MutantBatch.Outcome]
  ) throws -> MutationReport {
    var results: [MutantResult] = []
    var queues: [String: [Int]] = [:]
    let byName = Dictionary(tests.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    // The explorers' behaviours of the declared systems: for the equivalence check, and for
    // the states of computed retargets that no trace recorded.
    var originals: [String: ReachableBehaviour?] = [:]
    func original(_ system: String) -> ReachableBehaviour? {
      guard let behaviour = behaviours[system] else { return nil }
      if originals[system] == nil { originals[system] = .some(behaviour(nil)) }
      return originals[system] ?? nil
    }
    var explored: [String: ReachableBehaviour] = [:]
    for system in Set(self.mutants.filter { $0.mutation == .retargetComputed }.map(\.system)) {
      explored[system] = original(system)
    }
    let recorded = RecordedStates(tests, explored: explored)
    var mutants = self.mutants
    for (index, planned) in self.mutants.enumerated() {
      let mutant: Mutant
      switch recorded.lookUp(planned) {
      case .ready(let ready):
        mutant = ready
      case .missing(let reason):
        // No value to return: no test runs it.
        results.append(MutantResult(mutant: planned, status: .inapplicable, tests: [], reason: reason))
        continue
      }
      mutants[index] = mutant
      let chosen = selected(for: mutant)
      var result = MutantResult(mutant: mutant, status: .survived, tests: chosen.map(\.name))
      if Self.isDrivenByTests(mutant, chosen) {
        result.status = .drivenByTests
      } else if mutant.changesTheClock, !chosen.contains(where: { $0.waitsOnTheClock(mutant) }) {
        result.status = .equivalent
      } else {
        for test in chosen { queues[test.name, default: []].append(index) }
      }
      results.append(result)
    }
    let schedule = BatchSchedule(queues: queues, tests: byName, mutants: mutants)
    let runs = try schedule.run(jobs: max(1, jobs), progress: progress, runBatch: runBatch)
    for (index, killers) in runs.killedBy {
      results[index].status = .killed
      results[index].killedBy = killers.sorted()
    }
    for index in runs.timedOut { (results[index].status, results[index].timedOut) = (.killed, true) }
    for (index, seconds) in runs.seconds { results[index].seconds = seconds }
    for index in results.indices where results[index].status == .survived && results[index].mutant.isVisibleToExplorer {
      let mutant = results[index].mutant
      guard let behaviour = behaviours[mutant.system] else { continue }
      let original = original(mutant.system)
      guard let mutated = behaviour(mutant) else {
        // The explorer's system refuses the mutant: the tests ran the declaration.
        results[index].status = .inapplicable
        results[index].reason = "the system cannot apply it (e.g. it emits an event the feedback declares by name only)"
        continue
      }
      if let original, mutated == original { results[index].status = .equivalent }
    }
    return MutationReport(
      shard: shard?.description, results: results, suiteSeconds: suiteSeconds,
      totalSeconds: Date().timeIntervalSince(started), testRuns: runs.batches, jobs: max(1, jobs))
  }
}

extension Mutant {
  /// Whether it changes the speed of a feedback's clock.
  package var changesTheClock: Bool { mutation == .slowClock || mutation == .fastClock }

  /// Whether the explorer, whose time is abstract, can tell this mutant from the original:
  /// not for a change of the clock's speed.
  package var isVisibleToExplorer: Bool { !changesTheClock }
}
