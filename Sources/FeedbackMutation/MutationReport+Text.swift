import Foundation

extension MutationReport {
  /// What `diagram mutate` prints: the score, every killed mutant with the tests that killed
  /// it, every survivor with the tests that ran it and what they did not assert, the
  /// equivalent mutants and those driven by the tests (both left out), and the speed.
  ///
  /// ```
  /// Mutation score 0.99: 73/74 killed, 1 survived, 1 equivalent, 0 driven by the tests (left out); 75 mutants
  /// Killed:
  ///   Uploader: drop waiting —retry→ uploading
  ///     by: aFailedAttemptIsRetriedTwoSecondsLater()
  /// Survived:
  ///   Uploader: waiting —retry→ idle (was uploading) (attempt + 1)
  ///     ran by: aFailedAttemptIsRetriedTwoSecondsLater()
  ///     not asserted: none asserts the state after the transition (…)
  /// ```
  package var text: String {
    let killed = results(.killed), survived = results(.survived), equivalent = results(.equivalent)
    let driven = results(.drivenByTests), inapplicable = results(.inapplicable)
    var lines = [
      "Mutation score \(Self.fixed(score)): \(killed.count)/\(killed.count + survived.count) killed, "
        + "\(survived.count) survived, \(equivalent.count) equivalent, \(driven.count) driven by the tests"
        + (inapplicable.isEmpty ? "" : ", \(inapplicable.count) not applicable") + " (left out); "
        + "\(results.count) mutant\(results.count == 1 ? "" : "s")" + (shard.map { " in shard \($0)" } ?? "")
    ]
    if !killed.isEmpty {
      lines.append("Killed:")
      for result in killed {
        lines.append("  \(result.mutant.name)")
        if let value = result.mutant.valueDescription { lines.append("    returns: \(value)") }
        lines.append("    by: \(result.killers)")
      }
    }
    if !survived.isEmpty {
      lines.append("Survived:")
      for result in survived {
        lines.append("  \(result.mutant.name)")
        if let value = result.mutant.valueDescription { lines.append("    returns: \(value)") }
        if !result.tests.isEmpty { lines.append("    ran by: \(result.tests.joined(separator: ", "))") }
        lines.append("    not asserted: \(result.unasserted)")
      }
    }
    if !equivalent.isEmpty {
      lines.append(
        "Equivalent (the explorer finds the same reachable states and transitions; for a clock, no traced effect waits on it):"
      )
      lines += equivalent.map { "  \($0.mutant.name)" }
    }
    if !driven.isEmpty {
      lines.append("Driven by the tests (their events come from the tests' own sends; no test can kill them):")
      lines += driven.map { "  \($0.mutant.name)" }
    }
    if !inapplicable.isEmpty {
      lines.append("Not applicable (the system has no value to apply them with):")
      for result in inapplicable {
        lines.append("  \(result.mutant.name)")
        if let reason = result.reason { lines.append("    why: \(reason)") }
      }
    }
    let timedOut = results.filter(\.timedOut).count
    if timedOut > 0 { lines.append("\(timedOut) mutant\(timedOut == 1 ? "" : "s") killed by the time limit") }
    lines.append(
      "Speed: \(Self.fixed(mutantsPerMinute, 1)) mutants/min; \(testRuns) test processes (\(jobs) at once) in \(Self.fixed(totalSeconds, 1)) s; "
        + "one suite run \(Self.fixed(suiteSeconds, 2)) s; ratio \(Self.fixed(ratio)) (total ÷ (suite run × mutants run))"
    )
    return lines.joined(separator: "\n") + "\n"
  }

  /// `value` with `decimals` decimals.
  package static func fixed(_ value: Double, _ decimals: Int = 2) -> String {
    String(format: "%.\(decimals)f", value)
  }
}
