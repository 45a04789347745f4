import FeedbackGraph
import FeedbackLoop
@testable import FeedbackLoopExplorer

/// An explorer run twice, with its moves by snapshot-list index where it can
/// (``Explorer/run(progress:)``) and with every move by the general path
/// (``Explorer/runByGeneralMoves()``), and the differences between the two explorations,
/// in words: the counts, the nodes in the order found with their parents and choices (the
/// breadth-first tree), the findings with their paths, the report and the reachable graph.
enum FlatMoveComparison {
  /// The differences (empty: the two explorations are the same).
  static func differences<State, Event>(_ explorer: Explorer<State, Event>) -> [String] {
    compared(explorer, graphs: true).differences
  }

  /// The exploration by list index, and its differences from the general path's;
  /// `graphs`: the reachable graphs too (in debug builds they cost as much as a small
  /// exploration).
  static func compared<State, Event>(_ explorer: Explorer<State, Event>, graphs: Bool) -> (
    exploration: Exploration<State, Event>, differences: [String]
  ) {
    let byIndex = explorer.run()
    let general = explorer.runByGeneralMoves()
    var differences: [String] = []
    func compare<Value: Equatable>(_ what: String, _ flat: Value, _ other: Value) {
      if flat != other { differences.append("\(what): \(flat) by list index, \(other) by the general path") }
    }
    compare("states", byIndex.stateCount, general.stateCount)
    compare("transitions", byIndex.transitionCount, general.transitionCount)
    compare("depth", byIndex.depth, general.depth)
    compare("completion", byIndex.completion, general.completion)
    let (flatNodes, generalNodes) = (Array(byIndex.storage.nodes), Array(general.storage.nodes))
    if let first = firstDifference(flatNodes, generalNodes) {
      differences.append(
        "node \(first): \(describe(flatNodes, at: first)) by list index, \(describe(generalNodes, at: first)) by the general path"
      )
    }
    if let first = firstDifference(Array(byIndex.storage.parents), Array(general.storage.parents)) {
      differences.append("the parent of node \(first) differs")
    }
    if let first = firstDifference(Array(byIndex.storage.choices), Array(general.storage.choices)) {
      differences.append("the choice that reaches node \(first) differs")
    }
    let (flatFindings, generalFindings) = (byIndex.findings.map(describe), general.findings.map(describe))
    if let first = firstDifference(flatFindings, generalFindings) {
      differences.append(
        "finding \(first + 1) of \(flatFindings.count) by list index, of \(generalFindings.count) by the general path: "
          + "\(flatFindings.dropFirst(first).first ?? "none") by list index, "
          + "\(generalFindings.dropFirst(first).first ?? "none") by the general path")
    }
    let (flatReport, generalReport) = (byIndex.report.split(separator: "\n"), general.report.split(separator: "\n"))
    if let first = firstDifference(flatReport, generalReport) {
      differences.append(
        "report line \(first + 1): \(flatReport.dropFirst(first).first ?? "none") by list index, "
          + "\(generalReport.dropFirst(first).first ?? "none") by the general path")
    }
    if graphs, byIndex.reachableGraph() != general.reachableGraph() {
      differences.append("the reachable graphs differ")
    }
    return (byIndex, differences)
  }

  /// The first index where `a` and `b` differ, or `nil` when they are equal.
  static func firstDifference<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int? {
    if let index = a.indices.first(where: { $0 < b.count && a[$0] != b[$0] }) { return index }
    return a.count == b.count ? nil : min(a.count, b.count)
  }

  static func describe<State>(_ nodes: [LoopNode<State>], at index: Int) -> String {
    guard index < nodes.count else { return "none" }
    let snapshots = nodes[index].feedbacks.map { snapshot in
      "\(snapshot.memory) tasks \(snapshot.tasks) streams \(snapshot.streams) requests \(snapshot.requests.map(\.running))"
    }
    return "\(nodes[index].state) \(snapshots)"
  }

  /// A finding in words: its kind, message and path, step by step.
  static func describe<State, Event>(_ finding: ExplorerFinding<State, Event>) -> String {
    guard let path = finding.path else { return "\(finding.kind): \(finding.message)" }
    let steps = path.steps.map { step in
      "\(step.kind) \(step.event.map { "\($0)" } ?? "nil") from \(step.feedback?.name ?? "outside"): "
        + "\(step.before) → \(step.after) by \(step.transition.map { "\($0)" } ?? "no transition")"
        + "\(step.isImmediate ? " at once" : "") choice \(step.choice.map(String.init) ?? "none")"
    }
    return "\(finding.kind): \(finding.message); from \(path.initial): \(steps); cycle at \(path.cycleStart ?? -1)"
  }
}
