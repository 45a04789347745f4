package import FeedbackGraph
package import Foundation

/// What `diagram mutate` does once the tests are built and their traces recorded: for each
/// mutant, run only the tests whose traces touch what it changes (a failure kills it), then
/// ask the explorer whether a survivor is equivalent to the original.
///
/// The test runs are a closure, so that the bookkeeping is tested without processes:
///
/// ```swift
/// let run = MutationRun(mutants: graph.mutants, tests: TracedTest.grouping(traces))
/// let report = try run.execute(suiteSeconds: 3) { mutant, tests in
///   try process.run(tests.map(\.filter), mutantJSON: json(mutant))
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
  /// - Throws: ``DiagramCLIError/unknownMutant(_:)`` for an id no system has.
  package static func plan(systems: [SystemGraph], only ids: [String] = [], shard: Shard? = nil) throws -> [Mutant] {
    var all = systems.sorted { $0.name < $1.name }.flatMap(\.mutants)
    if !ids.isEmpty {
      let known = Set(all.map(\.id))
      if let unknown = ids.first(where: { !known.contains($0) }) { throw DiagramCLIError.unknownMutant(unknown) }
      all = all.filter { ids.contains($0.id) }
    }
    return shard?.slice(all) ?? all
  }

  /// The tests that can notice `mutant`.
  package func selected(for mutant: Mutant) -> [TracedTest] {
    tests.filter { $0.touches(mutant) }
  }

  /// Runs every mutant's selected tests with `runTests` and checks survivors for
  /// equivalence; `progress` gets one line per mutant.
  ///
  /// - Parameters:
  ///   - suiteSeconds: how long one run of the whole suite took (for the ratio).
  ///   - started: when the mutation run began (the suite's run included), for the speed.
  package func execute(
    suiteSeconds: Double, started: Date = Date(), progress: (String) -> Void = { _ in },
    runTests: (Mutant, [TracedTest]) throws -> TestProcess.Outcome
  ) throws -> MutationReport {
    var results: [MutantResult] = []
    var originals: [String: ReachableBehaviour?] = [:]
    var runs = 0
    for (number, mutant) in mutants.enumerated() {
      let chosen = selected(for: mutant)
      var result = MutantResult(mutant: mutant, status: .survived, tests: chosen.map(\.name))
      if !chosen.isEmpty {
        let start = Date()
        let outcome = try runTests(mutant, chosen)
        runs += 1
        result.seconds = Date().timeIntervalSince(start)
        switch outcome {
        case .passed: break
        case .failed: result.status = .killed
        case .timedOut: (result.status, result.timedOut) = (.killed, true)
        case .ranNoTest:
          throw DiagramCLIError.mutationSetup(
            "no test ran for \(mutant.id) (\(chosen.map(\.name).joined(separator: ", "))): a run that runs nothing proves nothing"
          )
        }
      }
      if result.status == .survived, let behaviour = behaviours[mutant.system] {
        if originals[mutant.system] == nil { originals[mutant.system] = .some(behaviour(nil)) }
        if let original = originals[mutant.system] ?? nil, let mutated = behaviour(mutant), mutated == original {
          result.status = .equivalent
        }
      }
      progress("[\(number + 1)/\(mutants.count)] \(result.status.rawValue): \(mutant.name)")
      results.append(result)
    }
    return MutationReport(
      shard: shard?.description, results: results, suiteSeconds: suiteSeconds,
      totalSeconds: Date().timeIntervalSince(started), testRuns: runs)
  }

  /// The JSON `FEEDBACKLOOP_MUTANT` holds for `mutant`.
  package static func environmentJSON(_ mutant: Mutant) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(mutant), as: UTF8.self)
  }
}
