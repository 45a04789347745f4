import FeedbackGraph
package import Foundation

/// The outcome of `diagram mutate` (or one `--shard` of it): every mutant's result and the
/// times that give its speed. Written with `--json`, merged with `--merge`.
package struct MutationReport: Codable, Equatable, Sendable {
  /// The format's version (2: results name the tests that killed them, ``jobs``; 3: mutants
  /// that return a recorded state carry it, a result not applicable says why).
  package var schemaVersion = Self.currentSchemaVersion
  /// The version this runner writes and reads.
  package static let currentSchemaVersion = 3
  /// The slice this report covers (`"2/4"`), `nil` for all the mutants.
  package var shard: String?
  /// One result per mutant, in the plan's order.
  package var results: [MutantResult]
  /// How long one run of the whole selected suite took, in seconds (the one with traces).
  package var suiteSeconds: Double
  /// How long the run took in all (build excluded), in seconds.
  package var totalSeconds: Double
  /// How many test processes ran against mutants.
  package var testRuns: Int
  /// How many test processes ran at once (`--jobs`).
  package var jobs: Int

  /// A report.
  package init(
    shard: String? = nil, results: [MutantResult], suiteSeconds: Double, totalSeconds: Double, testRuns: Int,
    jobs: Int = 1
  ) {
    self.shard = shard
    self.results = results
    self.suiteSeconds = suiteSeconds
    self.totalSeconds = totalSeconds
    self.testRuns = testRuns
    self.jobs = jobs
  }

  /// The results with `status`.
  package func results(_ status: MutantResult.Status) -> [MutantResult] {
    results.filter { $0.status == status }
  }

  /// Killed ÷ (killed + survived): equivalent mutants and those driven by the tests are left
  /// out; 1 when none is scored.
  package var score: Double {
    let killed = results(.killed).count, scored = killed + results(.survived).count
    return scored == 0 ? 1 : Double(killed) / Double(scored)
  }

  /// Mutants per minute of ``totalSeconds``.
  package var mutantsPerMinute: Double {
    totalSeconds > 0 ? Double(results.count) / totalSeconds * 60 : 0
  }

  /// ``totalSeconds`` ÷ (``suiteSeconds`` × the mutants whose tests ran): below 1 when
  /// selecting tests by their traces beats running the whole suite for each mutant.
  package var ratio: Double {
    let ran = results.filter { !$0.tests.isEmpty && $0.status != .drivenByTests }.count
    return suiteSeconds > 0 && ran > 0 ? totalSeconds / (suiteSeconds * Double(ran)) : 0
  }

  /// The reports of several shards as one: their results in order, their times added (the
  /// suite's time is the longest run's).
  ///
  /// - Throws: ``MutationError/results(_:)`` when two reports hold the same mutant.
  package static func merged(_ reports: [MutationReport]) throws -> MutationReport {
    var seen = Set<String>()
    for result in reports.flatMap(\.results) where !seen.insert(result.mutant.id).inserted {
      throw MutationError.results("mutant \(result.mutant.id) is in two of the merged results")
    }
    return MutationReport(
      results: reports.flatMap(\.results), suiteSeconds: reports.map(\.suiteSeconds).max() ?? 0,
      totalSeconds: reports.map(\.totalSeconds).reduce(0, +), testRuns: reports.map(\.testRuns).reduce(0, +),
      jobs: reports.map(\.jobs).max() ?? 1)
  }

  /// The report as JSON (sorted keys, pretty-printed), as `--json` prints it.
  package func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
  }

  /// The report in `data`, read from `path`.
  ///
  /// - Throws: ``MutationError/results(_:)`` naming the file.
  package static func read(_ data: Data, path: String) throws -> MutationReport {
    do {
      let report = try JSONDecoder().decode(MutationReport.self, from: data)
      guard report.schemaVersion == Self.currentSchemaVersion else {
        throw MutationError.results(
          "\(path) has schema version \(report.schemaVersion); expected \(Self.currentSchemaVersion)")
      }
      return report
    } catch let error as MutationError {
      throw error
    } catch {
      throw MutationError.results("\(path) is not the JSON of `mutate --json`")
    }
  }
}
