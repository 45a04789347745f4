package import FeedbackGraph

/// A test as its traces show it: its name and what its recordings did, to choose the tests
/// that can notice a mutant.
package struct TracedTest: Sendable {
  /// The test's name as the trace header gives it (`aFailedAttemptIsRetried()`).
  package var name: String
  /// Its recordings.
  package var traces: [Trace]

  /// A test and its recordings.
  package init(name: String, traces: [Trace]) {
    self.name = name
    self.traces = traces
  }

  /// Whether one of its recordings is of `mutant`'s system, as declared when the mutant
  /// was made, and shows a step the mutant changes.
  package func touches(_ mutant: Mutant) -> Bool {
    traces.contains { trace in
      trace.header.system == mutant.system && trace.header.fingerprint == mutant.fingerprint
        && trace.steps.contains(where: mutant.reach.touches)
    }
  }

  /// Whether its recordings of `mutant`'s system show `feedback`'s events but never one of
  /// its effects: the test sends the feedback's events itself (`send(_:from:)`, an input),
  /// so what the feedback's effects would do never reaches it.
  package func sendsItself(_ feedback: FeedbackID, of mutant: Mutant) -> Bool {
    var sent = false
    for trace in traces where trace.header.system == mutant.system && trace.header.fingerprint == mutant.fingerprint {
      for step in trace.steps where step.feedback == feedback {
        if step.kind.isEffectStep { return false }
        if step.kind.isEventStep { sent = true }
      }
    }
    return sent
  }

  /// Whether its recordings of `mutant`'s system show an effect of the mutant's feedback
  /// waiting on the clock: a later step of the same effect (emitted, finished, cancelled) at
  /// a later time than its start. Only such an effect can notice a clock mutant.
  package func waitsOnTheClock(_ mutant: Mutant) -> Bool {
    guard let feedback = mutant.feedback else { return false }
    for trace in traces where trace.header.system == mutant.system && trace.header.fingerprint == mutant.fingerprint {
      var started: [EffectID: Int64] = [:]
      for step in trace.steps where step.feedback == feedback && step.kind.isEffectStep {
        guard let effect = step.effect else { continue }
        if step.kind == .effectStarted {
          started[effect] = step.timeNanoseconds
        } else if let start = started[effect], step.timeNanoseconds > start {
          return true
        }
      }
    }
    return false
  }

  /// The `swift test --filter` pattern that runs this test alone (and tests of the same
  /// name in other suites): the name after a `/` or a `.`, followed by its parameters
  /// (Swift Testing) or the end (XCTest, whose identifiers have no parentheses).
  package var filter: String {
    let base = name.firstIndex(of: "(").map { String(name[..<$0]) } ?? name
    return #"[./]"# + Self.escaped(base) + #"(\(|$)"#
  }

  /// The identifiers among `known` (as `swift test list` prints them:
  /// `Module.Suite/name()` for Swift Testing, `Module.Class/name` for XCTest) of a test
  /// with this test's name.
  package func identifiers(among known: [String]) -> [String] {
    let base = name.firstIndex(of: "(").map { String(name[..<$0]) } ?? name
    return known.filter { id in
      // `Module.Suite/name()`, or `Module.name()` for a test outside a suite.
      let last =
        id.firstIndex(of: "/").map { String(id[id.index(after: $0)...]) }
        ?? id.firstIndex(of: ".").map { String(id[id.index(after: $0)...]) } ?? id
      return (last.firstIndex(of: "(").map { String(last[..<$0]) } ?? last) == base
    }
  }

  /// `text` with every regular-expression metacharacter escaped.
  static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      if #"\^$.|?*+()[]{}/"#.contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }

  /// The tests of `traces` (written by tests), grouped by test name, sorted.
  package static func grouping(_ traces: [Trace]) -> [TracedTest] {
    var byName: [String: [Trace]] = [:]
    for trace in traces {
      guard let test = trace.header.test, trace.header.origin != .explorer, trace.header.origin != .app else {
        continue
      }
      byName[test, default: []].append(trace)
    }
    return byName.keys.sorted().map { TracedTest(name: $0, traces: byName[$0] ?? []) }
  }
}
