package import FeedbackGraph
import Foundation

/// How the transitions of a trace recorded against other declarations map onto the current
/// graph: by content (`TransitionKey`), so that reordering, adding or changing other
/// transitions leaves a transition's hits where they were.
package struct TransitionRemap: Sendable {
  /// Each recorded transition that the current graph still declares, unchanged: its id
  /// there. A recorded id missing here was changed or removed.
  package let mapped: [TransitionID: TransitionID]
  /// The graph the trace was recorded against.
  package let recorded: SystemGraph

  /// The map from `recorded`'s transitions onto `current`'s.
  package init(from recorded: SystemGraph, to current: SystemGraph) {
    let currentIDs = Dictionary(current.transitionKeys.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    var mapped: [TransitionID: TransitionID] = [:]
    for (id, key) in recorded.transitionKeys {
      if let now = currentIDs[key] { mapped[id] = now }
    }
    self.mapped = mapped
    self.recorded = recorded
  }
}

/// A trace recorded against other declarations than the system's current ones, measured on
/// the transitions that did not change; the steps of the changed ones are left out and named.
public struct RemappedTrace: Hashable, Sendable, CustomStringConvertible {
  /// The trace file, as given.
  public var file: String
  /// The system's name.
  public var system: String
  /// The transitions the trace took that the system no longer declares as recorded
  /// (described as recorded), in the order first taken.
  public var changed: [String]
  /// How many steps were left out because they took one of `changed`.
  public var stepsLeftOut: Int

  /// A remapped trace.
  package init(file: String, system: String, changed: [String], stepsLeftOut: Int) {
    self.file = file
    self.system = system
    self.changed = changed
    self.stepsLeftOut = stepsLeftOut
  }

  /// `mapped Traces/a.jsonl onto Door's unchanged transitions; left out 2 steps of changed
  /// transitions: closed —push→ open`.
  public var description: String {
    let head = "mapped \(file) onto \(system)'s unchanged transitions (it was recorded against other declarations)"
    guard !changed.isEmpty else { return head }
    return head
      + "; left out \(stepsLeftOut) step\(stepsLeftOut == 1 ? "" : "s") of changed transitions: "
      + changed.joined(separator: ", ")
  }
}

extension CoverageCollector {
  /// Streams the steps of the trace at `file` into `coverage` as one more trace, its
  /// transitions mapped by `remap`; steps of transitions that changed are left out.
  ///
  /// - Throws: `GraphDecodingError` naming `file:line` for a malformed line.
  package static func add(_ file: String, to coverage: inout Coverage, remap: TransitionRemap) throws
    -> RemappedTrace
  {
    var reader = try TraceReader(contentsOf: URL(fileURLWithPath: file))
    _ = try reader.header()
    coverage.beginTrace()
    var changed: [TransitionID] = []
    var leftOut = 0
    while var step = try reader.next() {
      if let id = step.transition {
        guard let now = remap.mapped[id] else {
          if !changed.contains(id) { changed.append(id) }
          leftOut += 1
          continue
        }
        step.transition = now
      }
      coverage.add(step)
    }
    return RemappedTrace(
      file: file, system: coverage.graph.name, changed: changed.map(remap.recorded.describe), stepsLeftOut: leftOut)
  }
}
