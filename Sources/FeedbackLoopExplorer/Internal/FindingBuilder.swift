import FeedbackGraph
import FeedbackLoop

/// Turns what the search noted into findings with paths and messages.
struct FindingBuilder<State: Hashable & Sendable, Event: Sendable> {
  let storage: ExplorationStorage<State, Event>
  let record: ExplorationRecord
  let completion: ExplorationCompletion

  var graph: SystemGraph { storage.system.graph }

  func findings() -> [ExplorerFinding<State, Event>] {
    var findings: [ExplorerFinding<State, Event>] = []
    let invariants = storage.model.explorer.invariants
    for (number, found) in record.invariantViolations.enumerated() where found.state >= 0 {
      let invariant = invariants[number]
      var path = storage.path(to: Int(found.state), then: found.choice < 0 ? nil : Int(found.choice))
      // The first state on the way that breaks it (a step's events sent at once included).
      if let first = path.steps.firstIndex(where: { !invariant.holds($0.after) }), invariant.holds(path.initial) {
        path.steps.removeSubrange((first + 1)...)
      } else if !invariant.holds(path.initial) {
        path.steps = []
      }
      let description = invariant.description
      findings.append(
        ExplorerFinding(
          kind: .invariantViolated(description), path: path,
          message: "Invariant \"\(description)\" is violated \(Self.after(path)): \(Self.state(path.final)).",
          slug: Self.slug("invariant \(description)")))
    }
    findings += meaningFindings()
    let graph = record.undeclared.isEmpty && completion != .complete ? nil : self.graph
    for undeclared in record.undeclared {
      let path = storage.path(to: undeclared.state, choice: undeclared.choice)
      let edge = graph?.describe(undeclared.transition) ?? "\(undeclared.transition)"
      let last = path.steps.last
      findings.append(
        ExplorerFinding(
          kind: .undeclaredTransition(undeclared.transition), path: path,
          message:
            "Undeclared transition \(Self.after(path)): \(last?.event.map { Self.describe($0) } ?? "?") turned \(last.map { Self.state($0.before) } ?? "?") into \(Self.state(path.final)), outside the targets of \(edge).",
          slug: Self.slug("undeclared \(undeclared.transition)")))
    }
    if record.firstDeadlock >= 0 {
      let path = storage.path(to: record.firstDeadlock)
      let others = record.deadlocks - 1
      findings.append(
        ExplorerFinding(
          kind: .deadlock, path: path,
          message:
            "Deadlock \(Self.after(path)): no event changes \(Self.state(path.final)), and it is not marked final\(others > 0 ? " (\(others) more deadlocked state\(others == 1 ? "" : "s"))" : "").",
          slug: "deadlock"))
    }
    if record.firstStuck >= 0 {
      let path = storage.path(to: record.firstStuck)
      let others = record.stuck - 1
      let node = storage.nodes[record.firstStuck]
      findings.append(
        ExplorerFinding(
          kind: .stuck, path: path,
          message:
            "Stuck \(Self.after(path)): no effect is in flight in \(Self.state(path.final))\(storage.model.remembered(node)), so only an event from outside can move the loop, and it is not declared as waiting (waits(when:))\(others > 0 ? " (\(others) more stuck state\(others == 1 ? "" : "s"))" : "").",
          slug: "stuck"))
    }
    if let cycle = nonProgressFinding() { findings.append(cycle) }
    guard completion == .complete, let graph else { return findings }
    for (index, firing) in record.firstFiring.enumerated() where firing.state < 0 {
      let id = TransitionID(index)
      findings.append(
        ExplorerFinding(
          kind: .transitionNeverFires(id), path: nil,
          message: "Transition \(graph.describe(id)) never fires: no reachable state and event take it.",
          slug: Self.slug("never fires \(id)")))
    }
    if let reached = record.reachedNodes {
      for node in graph.states.map(\.id) where !reached.contains(node) {
        findings.append(
          ExplorerFinding(
            kind: .stateNeverReached(node), path: nil,
            message: "State \(node) is declared but never reached.",
            slug: Self.slug("never reached \(node)")))
      }
    }
    return findings
  }

  /// `in the initial state` or `after 2 events: .a, .b (from timer)`.
  static func after(_ path: ExplorerPath<State, Event>) -> String {
    if path.steps.isEmpty { return "in the initial state" }
    let count = path.steps.count
    return "after \(count) event\(count == 1 ? "" : "s"): \(events(path))"
  }

  /// The path's events, each written as Swift when it can be, feedback events marked.
  static func events(_ path: ExplorerPath<State, Event>) -> String {
    path.steps.map { step in
      guard let event = step.event else {
        return "\(step.feedback?.name ?? "an effect")'s effect ends without an event"
      }
      return describe(event) + (step.feedback.map { " (from \($0.name))" } ?? "")
    }.joined(separator: ", ")
  }

  /// An event as Swift when it can be written so (`.emailChanged("a")`), else described.
  static func describe<T>(_ value: T) -> String {
    SwiftSource.describe(value)
  }

  /// `invariant-only-valid-forms-are-submitted`: lower case, words joined by `-`.
  static func slug(_ text: String) -> String {
    let words = text.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    return SafeFileName.make(words.joined(separator: "-"), fallback: "finding")
  }

  /// A state as people read it (`String(describing:)`).
  static func state(_ value: State) -> String {
    String(describing: value)
  }
}
