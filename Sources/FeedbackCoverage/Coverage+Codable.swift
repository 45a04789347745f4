import FeedbackGraph
/// Coverage as versioned JSON (`diagram coverage --json`): the counts as readable lists
/// (transitions with their `red —tick→ green` summary, states, undeclared and observed
/// edges, ignored events), the fractions and what is uncovered, and the graph measured.
///
/// Decoding reads the counts and the graph back; fractions and uncovered lists are
/// recomputed from them.
extension Coverage: Codable {
  enum CodingKeys: String, CodingKey {
    case schemaVersion, system, fingerprint, traces, steps
    case transitionCoverage, stateCoverage, uncovered, unreachedTargets, unvisitedStates
    case transitions, states, undeclared, observed, ignored, graph
  }

  /// One declared transition, how often it fired, and how often it led to each target.
  struct TransitionCount: Codable {
    var id: TransitionID
    var summary: String
    var hits: Int
    /// Absent in JSON written before per-target counts: a single target then gets every
    /// hit, and the targets of a computed transition read as never reached.
    var targets: [TargetCount]?
  }

  /// One target of a declared transition and how often the transition led to it.
  struct TargetCount: Codable {
    var to: String
    var hits: Int
  }

  /// One state node and how often it was entered.
  struct StateCount: Codable {
    var id: String
    var visits: Int
  }

  /// One observed edge and how often it was taken.
  struct EdgeCount: Codable {
    var from: String
    var event: String
    var to: String
    var count: Int
  }

  /// One event ignored in one state, and how often.
  struct IgnoredCount: Codable {
    var state: String
    var event: String
    var count: Int
  }

  /// Writes the value (``init(from:)`` reads it back).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(SystemGraph.currentSchemaVersion, forKey: .schemaVersion)
    try container.encode(graph.name, forKey: .system)
    try container.encode(graph.fingerprint, forKey: .fingerprint)
    try container.encode(traces, forKey: .traces)
    try container.encode(steps, forKey: .steps)
    try container.encode(transitionFraction, forKey: .transitionCoverage)
    try container.encode(stateFraction, forKey: .stateCoverage)
    try container.encode(uncovered.map(\.summary), forKey: .uncovered)
    try container.encode(unreachedTargets.map { $0.transition.summary(to: $0.target) }, forKey: .unreachedTargets)
    try container.encode(unvisitedStates.map(\.id), forKey: .unvisitedStates)
    try container.encode(
      graph.transitions.indices.map { position in
        let transition = graph.transitions[position]
        return TransitionCount(
          id: transition.id, summary: transition.summary, hits: transitionHits[position],
          targets: zip(transition.to, targetHits[position]).map { TargetCount(to: $0, hits: $1) })
      },
      forKey: .transitions)
    let declared = Set(graph.states.map(\.id))
    let states =
      graph.states.map { StateCount(id: $0.id, visits: visits($0.id)) }
      + stateVisits.keys.filter { !declared.contains($0) }.sorted().map { StateCount(id: $0, visits: visits($0)) }
    try container.encode(states, forKey: .states)
    try container.encode(Self.counts(undeclared), forKey: .undeclared)
    try container.encode(Self.counts(observed), forKey: .observed)
    let ignoredCounts = ignored.keys.sorted().flatMap { state in
      ignoredEvents(in: state).map { IgnoredCount(state: state, event: $0.event, count: $0.count) }
    }
    try container.encode(ignoredCounts, forKey: .ignored)
    try container.encode(graph, forKey: .graph)
  }

  /// Reads the value back from its encoded form (see ``encode(to:)``).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(graph: try container.decode(SystemGraph.self, forKey: .graph))
    traces = try container.decode(Int.self, forKey: .traces)
    steps = try container.decode(Int.self, forKey: .steps)
    for count in try container.decode([TransitionCount].self, forKey: .transitions) {
      guard let position = position(of: count.id) else {
        throw DecodingError.dataCorruptedError(
          forKey: .transitions, in: container, debugDescription: "\(count.id) is not declared in the graph")
      }
      transitionHits[position] = count.hits
      let declared = graph.transitions[position].to
      if let targets = count.targets {
        for target in targets {
          guard let offset = declared.firstIndex(of: target.to) else {
            throw DecodingError.dataCorruptedError(
              forKey: .transitions, in: container, debugDescription: "\(target.to) is not a target of \(count.id)")
          }
          targetHits[position][offset] = target.hits
        }
      } else if declared.count == 1 {
        targetHits[position][0] = count.hits
      }
    }
    for count in try container.decode([StateCount].self, forKey: .states) where count.visits > 0 {
      stateVisits[count.id] = count.visits
    }
    for count in try container.decode([EdgeCount].self, forKey: .undeclared) {
      undeclared[ObservedEdge(from: count.from, event: count.event, to: count.to)] = count.count
    }
    for count in try container.decode([EdgeCount].self, forKey: .observed) {
      observed[ObservedEdge(from: count.from, event: count.event, to: count.to)] = count.count
    }
    for count in try container.decode([IgnoredCount].self, forKey: .ignored) {
      ignored[count.state, default: [:]][count.event] = count.count
    }
  }

  private static func counts(_ edges: [ObservedEdge: Int]) -> [EdgeCount] {
    edges.keys.sorted().map { EdgeCount(from: $0.from, event: $0.event, to: $0.to, count: edges[$0] ?? 0) }
  }
}
