public import FeedbackGraph
/// What recorded runs of one system exercised, measured against its graph: how often each
/// declared transition fired, how often each state was entered, which transitions happened
/// that the graph does not declare, and which events were ignored in which state.
///
/// Build it one step at a time, so that any number of trace files fits in constant memory:
///
/// ```swift
/// var coverage = Coverage(graph: trafficLight.graph)
/// var reader = try TraceReader(contentsOf: url)
/// _ = try reader.header()
/// coverage.beginTrace()
/// while let step = try reader.next() { coverage.add(step) }
/// print(coverage.transitionFraction)  // 3/4
/// ```
///
/// For a system built from a plain reducer (`SystemGraph.declaresTransitions` is
/// `false`) there is nothing declared to cover; coverage then records the ``observed``
/// edges instead.
public struct Coverage: Hashable, Sendable {
  /// The graph the steps are measured against.
  public private(set) var graph: SystemGraph
  /// How many traces were added (``beginTrace()`` calls).
  public internal(set) var traces: Int = 0
  /// How many steps were added.
  public internal(set) var steps: Int = 0
  /// How many times each declared transition fired, by position in
  /// `SystemGraph.transitions`: the total over its targets.
  package internal(set) var transitionHits: [Int]
  /// How many times each declared transition led to each of its targets, by position in
  /// `SystemGraph.transitions`, then by position in `TransitionEdge.to`. A computed
  /// transition (`loading —didLoad→ {loaded, failed}`) may fire often and never reach one of
  /// its targets; the coverage figure draws each target edge from its own count. A single
  /// target gets every hit of its transition; a step of a computed transition whose state
  /// node is none of its targets counts in ``transitionHits`` only.
  package internal(set) var targetHits: [[Int]]
  /// How many times each state node was entered: by the initial step and by every event
  /// that led to it (self-transitions included). Nodes the graph does not know are counted
  /// too; they do not count towards ``stateFraction``.
  public internal(set) var stateVisits: [String: Int] = [:]
  /// Transitions that happened but are not declared: `undeclaredTransition` steps, and
  /// event steps that matched no declared transition in a system that declares them.
  public internal(set) var undeclared: [ObservedEdge: Int] = [:]
  /// For a plain-reducer system, every edge the steps took; empty otherwise.
  public internal(set) var observed: [ObservedEdge: Int] = [:]
  /// Events no transition accepted, by state node, then by event node.
  public internal(set) var ignored: [String: [String: Int]] = [:]

  /// Where each transition id sits in `graph.transitions` when ids are not simply their
  /// positions (they are for every graph the runtime makes).
  private var positions: [TransitionID: Int]?

  /// Empty coverage of `graph`.
  public init(graph: SystemGraph) {
    self.graph = graph
    self.transitionHits = Array(repeating: 0, count: graph.transitions.count)
    self.targetHits = graph.transitions.map { Array(repeating: 0, count: $0.to.count) }
    let indexed = graph.transitions.indices.allSatisfy { graph.transitions[$0].id.index == $0 }
    self.positions =
      indexed ? nil : Dictionary(graph.transitions.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
  }

  /// Counts one more trace; call it before adding a trace's steps.
  public mutating func beginTrace() {
    traces += 1
  }

  /// Adds one step.
  ///
  /// - Complexity: O(1) expected: a few hash-table updates keyed by short node ids.
  public mutating func add(_ step: TraceStep) {
    steps += 1
    switch step.kind {
    case .initial:
      if let node = step.afterNode { stateVisits[node, default: 0] += 1 }
    case .event:
      guard let edge = Self.edge(of: step) else { return }
      stateVisits[edge.to, default: 0] += 1
      if !graph.declaresTransitions || step.transition == nil {
        // A plain reducer's step, or a system's fallback reducer after no transition matched.
        observed[edge, default: 0] += 1
      } else if let id = step.transition, let position = position(of: id) {
        transitionHits[position] += 1
        let targets = graph.transitions[position].to
        if targets.count == 1 {
          targetHits[position][0] += 1
        } else if let target = targets.firstIndex(of: edge.to) {
          targetHits[position][target] += 1
        }
      } else {
        undeclared[edge, default: 0] += 1
      }
    case .undeclaredTransition:
      guard let edge = Self.edge(of: step) else { return }
      stateVisits[edge.to, default: 0] += 1
      undeclared[edge, default: 0] += 1
    case .ignoredEvent:
      guard let state = step.beforeNode ?? step.afterNode else { return }
      ignored[state, default: [:]][Self.eventName(of: step), default: 0] += 1
    case .effectStarted, .effectEmitted, .effectFinished, .effectCancelled, .stopped:
      break
    }
  }

  /// Adds every step of `trace` as one more trace.
  ///
  /// - Complexity: O(n) in the trace's steps.
  public mutating func add(_ trace: Trace) {
    beginTrace()
    for step in trace.steps { add(step) }
  }

  /// The position of the declared transition `id` in `graph.transitions`, if declared.
  func position(of id: TransitionID) -> Int? {
    if let positions { return positions[id] }
    return id.index >= 0 && id.index < transitionHits.count ? id.index : nil
  }

  private static func edge(of step: TraceStep) -> ObservedEdge? {
    guard let from = step.beforeNode, let to = step.afterNode else { return nil }
    return ObservedEdge(from: from, event: eventName(of: step), to: to)
  }

  private static func eventName(of step: TraceStep) -> String {
    step.eventNode ?? step.event ?? "unknown event"
  }
}
