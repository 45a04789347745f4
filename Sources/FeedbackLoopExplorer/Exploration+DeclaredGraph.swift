public import FeedbackGraph

extension Exploration {
  /// The system's declared graph (`system.graph`) with what the explorer says of its states,
  /// so that the state-machine figure marks them as the reachable graph does: a state whose
  /// explored values are all final (``Explorer/final(when:)``) is final (`StateNode.isFinal`,
  /// a double border); one whose explored values all wait for the outside
  /// (``Explorer/waits(when:)``) is waiting (`StateNode.isWaiting`, a dashed border). A
  /// state only some of whose values are final or waiting, or that the exploration did not
  /// reach, is left unmarked. The marks do not change the graph's fingerprint: traces
  /// recorded against the plain graph stay current.
  ///
  /// In a diagram executable, list it in place of the plain graph:
  ///
  /// ```swift
  /// static var systems: [SystemGraph] { [ExampleExplorers.signIn.run().declaredGraph()] }
  /// ```
  public func declaredGraph() -> SystemGraph {
    var graph = system.graph
    let isFinal = storage.model.explorer.isFinal, isWaiting = storage.model.explorer.isWaiting
    guard isFinal != nil || isWaiting != nil else { return graph }
    // For each state node: (every value final, every value waiting), over the values reached.
    var marks: [String: (final: Bool, waiting: Bool)] = [:]
    for node in storage.nodes {
      let name = system.nodeName(of: node.state)
      let seen = marks[name] ?? (true, true)
      marks[name] = (
        seen.final && isFinal?(node.state) == true, seen.waiting && isWaiting?(node.state) == true
      )
    }
    for offset in graph.states.indices {
      guard let mark = marks[graph.states[offset].id] else { continue }
      graph.states[offset].isFinal = mark.final
      graph.states[offset].isWaiting = mark.waiting
    }
    return graph
  }
}
