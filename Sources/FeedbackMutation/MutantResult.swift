package import FeedbackGraph

/// What became of one mutant in `diagram mutate`.
package struct MutantResult: Codable, Equatable, Sendable {
  /// How it ended.
  package enum Status: String, Codable, Sendable {
    /// A test that ran it failed (or the tests ran past `--timeout`).
    case killed
    /// Every test that ran it passed, or no test's trace touches what it changes.
    case survived
    /// The explorer finds its reachable behaviour identical to the original's, or (for a
    /// clock mutant) no traced effect of the feedback waits on the clock: no test can kill
    /// it, so it is left out of the score.
    case equivalent
    /// A mutant of a feedback whose events, in every trace that shows the feedback, the
    /// tests send themselves (`send(_:from:)`, an input): its effects never run in a test,
    /// so no test can kill it. Listed apart and left out of the score.
    case drivenByTests
    /// The system cannot apply it, as ``MutantResult/reason`` says: a
    /// ``MutationOperator/retargetComputed`` whose target case no test's trace recorded a
    /// value of (no test runs it), or a mutant the system's explorer refuses (a
    /// ``MutationOperator/swapEmission`` to an event the feedback declares by name only, with
    /// no value to emit). Listed apart and left out of the score.
    case inapplicable
  }

  /// The mutant.
  package var mutant: Mutant
  /// How it ended.
  package var status: Status
  /// The tests run against it (by name, as their traces name them), sorted.
  package var tests: [String]
  /// The tests that failed with it switched on (those that killed it), sorted.
  package var killedBy: [String]
  /// Whether the tests ran past the time limit (counted as killed).
  package var timedOut: Bool
  /// How long its tests ran, in seconds.
  package var seconds: Double
  /// Why it is ``Status/inapplicable``, in words.
  package var reason: String?

  /// A result.
  package init(
    mutant: Mutant, status: Status, tests: [String], killedBy: [String] = [], timedOut: Bool = false,
    seconds: Double = 0, reason: String? = nil
  ) {
    self.mutant = mutant
    self.status = status
    self.tests = tests
    self.killedBy = killedBy
    self.timedOut = timedOut
    self.seconds = seconds
    self.reason = reason
  }

  /// What killed it, in words: the failing tests, the time limit, or (when the runner did
  /// not record which) the tests that ran it.
  package var killers: String {
    let limit = timedOut ? "the time limit" : nil
    if !killedBy.isEmpty { return killedBy.joined(separator: ", ") + (limit.map { " (and \($0))" } ?? "") }
    if let limit { return limit }
    return tests.isEmpty ? "(not recorded)" : "one of \(tests.joined(separator: ", ")) (not recorded which)"
  }

  /// What the tests that ran a survivor did not assert, in words.
  package var unasserted: String {
    let mutant = self.mutant
    guard !tests.isEmpty else { return "no test's trace touches what it changes" }
    switch mutant.mutation {
    case .retarget:
      return "none asserts the state after the transition (the mutant leads to \(mutant.target ?? "another state"))"
    case .dropTransition:
      return "none asserts that the transition changes the state (the mutant ignores its event there)"
    case .dropGuard:
      return "none takes the event where the guard fails and asserts what follows"
    case .negateGuard:
      return "none asserts what the event does on both sides of the guard"
    case .swapOrder:
      return "none asserts a state where the two transitions lead to different places"
    case .disableFeedback:
      return "none asserts an event or an effect of the feedback"
    case .dropEmission:
      return "none asserts that the feedback emits \(mutant.event ?? "the event")"
    case .skipComputation:
      return "none asserts the state the transition computes (the mutant stays in the state it came from)"
    case .swapEmission:
      return
        "none asserts which event the feedback emits (the mutant emits \(mutant.target ?? "another") instead of \(mutant.event ?? "its event"))"
    case .retargetComputed:
      return "none takes the transition where it computes another state and asserts it (the mutant always returns "
        + "\(mutant.valueDescription ?? mutant.target ?? "one recorded state"))"
    case .slowClock, .fastClock:
      let longer = mutant.mutation == .slowClock ? "twice as long" : "half as long"
      return "none pins when the feedback's events arrive (each wait lasts \(longer)): advance to just before the "
        + "delay, assert nothing came, then advance by the rest"
    }
  }
}
