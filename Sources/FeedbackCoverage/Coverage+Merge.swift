import FeedbackGraph
extension Coverage {
  /// Adds what `other` measured to this coverage.
  ///
  /// - Throws: ``CoverageError/differentGraphs(system:_:_:)`` when `other` measured
  ///   another machine (another `SystemGraph.fingerprint`): its transition ids would
  ///   name other edges.
  /// - Complexity: O(t + s + e) in the transitions, states and observed edges of `other`.
  public mutating func merge(_ other: Coverage) throws {
    let (mine, theirs) = (graph.fingerprint, other.graph.fingerprint)
    guard mine == theirs, other.targetHits.map(\.count) == targetHits.map(\.count) else {
      throw CoverageError.differentGraphs(system: graph.name, mine, theirs)
    }
    traces += other.traces
    steps += other.steps
    for index in transitionHits.indices {
      transitionHits[index] += other.transitionHits[index]
      for target in targetHits[index].indices { targetHits[index][target] += other.targetHits[index][target] }
    }
    stateVisits.merge(other.stateVisits, uniquingKeysWith: +)
    undeclared.merge(other.undeclared, uniquingKeysWith: +)
    observed.merge(other.observed, uniquingKeysWith: +)
    ignored.merge(other.ignored) { mine, theirs in mine.merging(theirs, uniquingKeysWith: +) }
  }

  /// This coverage and `other`'s together.
  ///
  /// - Throws: ``CoverageError/differentGraphs(system:_:_:)`` as ``merge(_:)`` does.
  public func merging(_ other: Coverage) throws -> Coverage {
    var result = self
    try result.merge(other)
    return result
  }
}
