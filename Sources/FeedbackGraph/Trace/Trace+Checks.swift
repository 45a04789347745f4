extension TraceHeader {
  /// Checks what a header carries as ``SystemGraph/decode(_:source:)`` checks a graph
  /// file: the graph (coherence and printable names, its paths under `graph.`), and the
  /// system's and the test's names, which figures print.
  ///
  /// ``TraceReader`` runs this on every header it reads, so that a tampered trace is an
  /// error naming `file:line` and the field, never a figure that is not well-formed XML.
  ///
  /// - Throws: the first problem found, as a ``GraphDecodingError``.
  /// - Complexity: O(n) in the graph's nodes and edges.
  package func check(source: String = "<data>") throws {
    for (path, text) in [("system", system), ("fingerprint", fingerprint)] + (test.map { [("test", $0)] } ?? []) {
      if let reason = SystemGraph.unprintable(text) {
        throw GraphDecodingError(source: source, path: path, reason: reason)
      }
    }
    if system.isEmpty {
      throw GraphDecodingError(source: source, path: "system", reason: "empty: a system needs a name")
    }
    do {
      try graph?.checkCoherence(source: source)
    } catch var error as GraphDecodingError {
      error.path = error.path.isEmpty ? "graph" : "graph." + error.path
      throw error
    }
  }
}

extension TraceStep {
  /// Checks the names a step carries (``beforeNode``, ``afterNode``, ``eventNode``): the nodes
  /// figures draw, with the same rule as a graph's names (``SystemGraph/checkCoherence(source:)``).
  ///
  /// ``TraceReader`` runs this on every step it reads.
  ///
  /// - Throws: a ``GraphDecodingError`` naming the field.
  package func check(source: String = "<data>") throws {
    for (path, text) in [("fromNode", beforeNode), ("toNode", afterNode), ("eventNode", eventNode)] {
      if let text, let reason = SystemGraph.unprintable(text) {
        throw GraphDecodingError(source: source, path: path, reason: reason)
      }
    }
  }
}
