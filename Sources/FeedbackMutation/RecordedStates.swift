package import FeedbackGraph

/// The states the tests' traces recorded as JSON, by system and node, and those registered
/// explorers reached: where a ``MutationOperator/retargetComputed`` mutant gets the value it
/// returns (a trace's first, else the explorer's). A mutant of a target case that neither
/// reached gets no value, and a reason instead.
package struct RecordedStates: Sendable {
  /// A system as declared (name and fingerprint) and one of its state nodes.
  private struct Key: Hashable {
    var system: String
    var fingerprint: String
    var node: String
  }

  /// The first value recorded per node: JSON text and description.
  private var values: [Key: (json: String, description: String?)] = [:]
  /// Systems (`name/fingerprint`) with at least one trace.
  private var traced: Set<String> = []
  /// Systems (`name/fingerprint`) whose traces hold states as JSON.
  private var encoded: Set<String> = []
  /// Per system name, what its registered explorer reached (the declared system).
  private var explored: [String: ReachableBehaviour]

  /// The states `tests` recorded; for each node, the first in test-name order, then in
  /// the order of each test's traces and steps, so that a run picks the same value each time;
  /// `explored` (per system name, its explorer's behaviour) gives the states no trace holds.
  package init(_ tests: [TracedTest], explored: [String: ReachableBehaviour] = [:]) {
    self.explored = explored
    for test in tests.sorted(by: { $0.name < $1.name }) {
      for trace in test.traces {
        let system = trace.header.system, fingerprint = trace.header.fingerprint
        traced.insert(system + "/" + fingerprint)
        for step in trace.steps {
          guard let node = step.afterNode, let json = step.stateJSON else { continue }
          encoded.insert(system + "/" + fingerprint)
          let key = Key(system: system, fingerprint: fingerprint, node: node)
          if values[key] == nil { values[key] = (json, step.after) }
        }
      }
    }
  }

  /// What a mutant needs from the recordings.
  package enum Lookup: Equatable, Sendable {
    /// The mutant with its ``Mutant/value`` (and description) filled in, or unchanged when it
    /// needs none.
    case ready(Mutant)
    /// No recorded value of the mutant's target: why, in words.
    case missing(String)
  }

  /// `mutant` ready to run: a ``MutationOperator/retargetComputed`` gets the recorded value
  /// of its target case; any other mutant (or one that has its value) is returned as is.
  package func lookUp(_ mutant: Mutant) -> Lookup {
    guard mutant.mutation == .retargetComputed, mutant.value == nil else { return .ready(mutant) }
    let target = mutant.target ?? "its target"
    let system = mutant.system + "/" + mutant.fingerprint
    var ready = mutant
    if let found = values[Key(system: mutant.system, fingerprint: mutant.fingerprint, node: target)] {
      (ready.value, ready.valueDescription) = (found.json, found.description)
      return .ready(ready)
    }
    let explorer = explored[mutant.system]
    if let sample = explorer?.samples.first(where: { $0.node == target }) {
      (ready.value, ready.valueDescription) = (sample.json, sample.description)
      return .ready(ready)
    }
    let norExplorer = explorer == nil ? "" : ", nor does its registered explorer"
    guard traced.contains(system) else {
      return .missing("no value of \(target): no test's trace records \(mutant.system) as declared\(norExplorer)")
    }
    guard encoded.contains(system) else {
      return .missing(
        "no value of \(target): the traces of \(mutant.system) hold no states as JSON (its State is not Codable)")
    }
    return .missing("no value of \(target): no test's trace reaches \(target)\(norExplorer)")
  }
}
