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
    for (number, index) in record.invariantViolations.enumerated() where index >= 0 {
      let path = storage.path(to: index)
      let description = invariants[number].description
      findings.append(
        ExplorerFinding(
          kind: .invariantViolated(description), path: path,
          message: "Invariant \"\(description)\" is violated \(Self.after(path)): \(Self.state(path.final)).",
          slug: Self.slug("invariant \(description)")))
    }
    let graph = record.undeclared.isEmpty && completion != .complete ? nil : self.graph
    for undeclared in record.undeclared {
      let path = storage.path(to: Int(undeclared.state), then: Int(undeclared.choice))
      let edge = graph?.describe(undeclared.transition) ?? "\(undeclared.transition)"
      let last = path.steps.last
      findings.append(
        ExplorerFinding(
          kind: .undeclaredTransition(undeclared.transition), path: path,
          message:
            "Undeclared transition \(Self.after(path)): \(last.map { Self.describe($0.event) } ?? "?") turned \(last.map { Self.state($0.before) } ?? "?") into \(Self.state(path.final)), outside the targets of \(edge).",
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
      describe(step.event) + (step.feedback.map { " (from \($0.name))" } ?? "")
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
