import Foundation

extension MutationReport {
  /// What `diagram mutate` prints: the score, every survivor with the tests that ran it and
  /// what they did not assert, the equivalent mutants, and the speed.
  ///
  /// ```
  /// Mutation score 0.99: 73/74 killed, 1 survived, 1 equivalent (left out); 75 mutants
  /// Survived:
  ///   Uploader: waiting —retry→ idle (was uploading) (attempt + 1)
  ///     ran by: aFailedAttemptIsRetriedTwoSecondsLater()
  ///     not asserted: none asserts the state after the transition (…)
  /// ```
  package var text: String {
    let killed = results(.killed).count, survived = results(.survived), equivalent = results(.equivalent)
    var lines = [
      "Mutation score \(Self.fixed(score)): \(killed)/\(killed + survived.count) killed, \(survived.count) survived, "
        + "\(equivalent.count) equivalent (left out); \(results.count) mutant\(results.count == 1 ? "" : "s")"
        + (shard.map { " in shard \($0)" } ?? "")
    ]
    if !survived.isEmpty {
      lines.append("Survived:")
      for result in survived {
        lines.append("  \(result.mutant.name)")
        if !result.tests.isEmpty { lines.append("    ran by: \(result.tests.joined(separator: ", "))") }
        lines.append("    not asserted: \(result.unasserted)")
      }
    }
    if !equivalent.isEmpty {
      lines.append("Equivalent (the explorer finds the same reachable states and transitions):")
      lines += equivalent.map { "  \($0.mutant.name)" }
    }
    let timedOut = results.filter(\.timedOut).count
    if timedOut > 0 { lines.append("\(timedOut) mutant\(timedOut == 1 ? "" : "s") killed by the time limit") }
    lines.append(
      "Speed: \(Self.fixed(mutantsPerMinute, 1)) mutants/min; \(testRuns) test runs in \(Self.fixed(totalSeconds, 1)) s; "
        + "one suite run \(Self.fixed(suiteSeconds, 2)) s; ratio \(Self.fixed(ratio)) (total ÷ (suite run × mutants run))"
    )
    return lines.joined(separator: "\n") + "\n"
  }

  /// `value` with `decimals` decimals.
  static func fixed(_ value: Double, _ decimals: Int = 2) -> String {
    String(format: "%.\(decimals)f", value)
  }
}
