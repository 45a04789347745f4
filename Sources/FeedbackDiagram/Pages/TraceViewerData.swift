import FeedbackGraph

/// The data a trace viewer page embeds: the steps as named columns (``TraceViewerColumns``,
/// `{"count":N,"steps":{"time":[…],"kind":[…],…}}`) with strings interned once, plus the
/// timeline's layout and the effects' extents, each a table of named columns too.
///
/// The steps' indices (`index`) and timeline positions (`x`, in hundredths of a point) are
/// stored as differences: `index` from one more than the previous index (mostly `0`), unless
/// `absoluteIndices` says an index is too large for that; `x` from the previous position.
struct TraceViewerData {
  /// What the figure shows, for the highlighting.
  struct FigureIDs {
    /// The state's position in the graph, by node id, when the figure draws states.
    var states: [String: Int] = [:]
    /// The drawn edge's id, by `transition \u{1} from-or-* \u{1} to`.
    var edges: [String: String] = [:]
    /// Whether the figure has the initial marker's edge (to the graph's initial state).
    var initialEdge = false
  }

  /// An effect from its start to its end, by step position.
  struct Bar {
    var feedback: FeedbackID?
    var effect: Int
    var start: Int
    var end: Int?
    /// 0 finished, 1 cancelled, 2 still running when the trace ends.
    var ending = 2
    var lane = 0
    var row = 0
  }

  private var strings: [String] = []
  private var interned: [String: Int] = [:]

  /// The string's index in `strings`, adding it the first time.
  private mutating func intern(_ text: String?) -> Int {
    guard let text else { return -1 }
    if let known = interned[text] { return known }
    strings.append(text)
    interned[text] = strings.count - 1
    return strings.count - 1
  }

  /// The JSON object the page's script reads (`trace-data`).
  static func json(
    graph: SystemGraph, trace: Trace, figure: FigureIDs, figureDrawn: Bool, totalSteps: Int
  ) -> String {
    var data = TraceViewerData()
    return data.encode(graph: graph, trace: trace, figure: figure, figureDrawn: figureDrawn, totalSteps: totalSteps)
  }

  /// The position of the failing step in `trace` (the first step of that index), if any.
  static func failingOffset(_ trace: Trace) -> Int? {
    trace.header.outcome.failingStep.flatMap { failing in trace.steps.firstIndex { $0.index == failing } }
  }

  private mutating func encode(
    graph: SystemGraph, trace: Trace, figure: FigureIDs, figureDrawn: Bool, totalSteps: Int
  ) -> String {
    let steps = trace.steps
    let (bars, barOf) = Self.bars(steps)
    let links = Self.links(steps)
    // One lane per feedback (by id), each with as many rows as its effects overlap.
    let lanes = Set(bars.map(\.feedback)).sorted { ($0?.index ?? .max) < ($1?.index ?? .max) }
    let laneOf = Dictionary(uniqueKeysWithValues: lanes.enumerated().map { ($1, $0) })
    var laneRows = Array(repeating: 0, count: lanes.count)
    var laidOut = bars
    var rowEnds: [[Int]] = Array(repeating: [], count: lanes.count)
    for index in laidOut.indices {
      let lane = laneOf[laidOut[index].feedback] ?? 0
      let start = laidOut[index].start, end = laidOut[index].end ?? steps.count
      let row = rowEnds[lane].firstIndex { $0 < start } ?? rowEnds[lane].count
      if row == rowEnds[lane].count { rowEnds[lane].append(0) }
      rowEnds[lane][row] = end
      laidOut[index].lane = lane
      laidOut[index].row = row
      laneRows[lane] = rowEnds[lane].count
    }

    var table = ColumnTable<TraceViewerColumns.Step>()
    for kind in StepKind.allCases { _ = intern(kind.rawValue) }  // the kinds first: one digit each
    var current: (description: Int, json: Int, node: Int) = (-1, -1, -1)
    var spans = ColumnTable<TraceViewerColumns.Span>()
    for (offset, step) in steps.enumerated() {
      let before = (description: intern(step.before).orElse(current.description), json: current.json)
      var after = before
      var node = current.node
      if let to = step.afterNode, step.kind != .ignoredEvent {
        after = (intern(step.after ?? to), intern(step.stateJSON))
        node = figure.states[to] ?? -1
        spans.append([.offset: offset, .name: intern(to)])
      }
      current = (after.description, after.json, node)
      // Every value a position plus one, 0 for none.
      table.append([
        .time: intern(TraceTimeline.time(step.timeNanoseconds)) + 1, .kind: intern(step.kind.rawValue) + 1,
        .before: before.description + 1, .beforeJSON: before.json + 1, .after: after.description + 1,
        .afterJSON: after.json + 1, .node: node + 1, .feedback: intern(step.feedback.map(graph.feedbackName)) + 1,
        .bar: (barOf[offset] ?? -1) + 1, .event: intern(step.event) + 1, .eventJSON: intern(step.eventJSON) + 1,
        .link: (links[offset] ?? -1) + 1, .from: intern(step.beforeNode) + 1, .to: intern(step.afterNode) + 1,
        .fromNode: (step.beforeNode.flatMap { figure.states[$0] } ?? -1) + 1,
        .edge: intern(Self.edge(of: step, graph: graph, figure: figure)) + 1,
        .transition: intern(Self.transition(of: step, graph: graph)) + 1,
      ])
    }
    var out = ScriptJSON()
    out.raw("{\"count\":\(steps.count),\"steps\":")
    table.write(into: &out, runs: true)
    // Indices as differences, when every index and difference fits a JavaScript number.
    let absolute = steps.contains { $0.index.magnitude >= 1 << 52 }
    out.raw(",\"absoluteIndices\":\(absolute),\"index\":[")
    var previous = -1
    for (offset, step) in steps.enumerated() {
      if offset > 0 { out.raw(",") }
      out.int(absolute ? step.index : step.index - (previous + 1))
      previous = step.index
    }
    out.raw("],\"x\":[")
    let timeline = TraceTimeline(steps: steps)
    var position = 0.0
    for (offset, x) in timeline.x.enumerated() {
      if offset > 0 { out.raw(",") }
      let hundredths = (x * 100).rounded()
      out.number(hundredths - position)
      position = hundredths
    }
    out.raw("],\"width\":")
    out.number(timeline.width)
    out.raw(",\"untimed\":\(timeline.isUntimed || steps.count < 2 ? "true" : "false"),\"breaks\":")
    var breaks = ColumnTable<TraceViewerColumns.Break>()
    for mark in timeline.breaks {
      breaks.append([
        .x: mark.x.isFinite ? Int((mark.x * 100).rounded()) : 0,
        .label: intern(TraceTimeline.time(TraceTimeline.nanoseconds(mark.nanoseconds))),
      ])
    }
    breaks.write(into: &out)
    out.raw(",\"spans\":")
    spans.write(into: &out)
    out.raw(",\"lanes\":")
    var laneTable = ColumnTable<TraceViewerColumns.Lane>()
    for (offset, lane) in lanes.enumerated() {
      laneTable.append([.name: intern(lane.map(graph.feedbackName) ?? "effects"), .rows: laneRows[offset]])
    }
    laneTable.write(into: &out)
    out.raw(",\"bars\":")
    var barTable = ColumnTable<TraceViewerColumns.Bar>()
    for bar in laidOut {
      barTable.append([
        .start: bar.start, .end: bar.end ?? -1, .lane: bar.lane, .row: bar.row, .ending: bar.ending,
        .effect: bar.effect,
      ])
    }
    barTable.write(into: &out)
    let outcome = trace.header.outcome
    out.raw(",\"system\":")
    out.string(graph.name)
    out.raw(",\"test\":")
    out.string(trace.header.test)
    out.raw(",\"origin\":")
    out.string(trace.header.recordedBy.rawValue)
    out.raw(",\"status\":")
    out.string(outcome.status.rawValue)
    out.raw(",\"message\":")
    out.string(outcome.message)
    out.raw(",\"failingStep\":")
    if let failing = outcome.failingStep { out.int(failing) } else { out.raw("null") }
    out.raw(",\"failing\":\(Self.failingOffset(trace) ?? -1),\"total\":\(totalSteps)")
    out.raw(",\"figure\":\(figureDrawn ? "true" : "false"),\"strings\":[")
    out.raw(strings.map(ScriptJSON.quoted).joined(separator: ","))
    out.raw("]}")
    return out.text
  }

  /// The figure's id of the edge `step` took: the initial marker's edge for the initial
  /// step into the graph's initial state; for an event step, the drawn edge of its
  /// transition between its states (or from "any state").
  static func edge(of step: TraceStep, graph: SystemGraph, figure: FigureIDs) -> String? {
    if step.kind == .initial {
      return figure.initialEdge && step.afterNode == graph.initial ? "initial_edge" : nil
    }
    guard step.kind == .event || step.kind == .undeclaredTransition, let transition = step.transition,
      let to = step.afterNode
    else { return nil }
    return figure.edges["\(transition.index)\u{1}\(step.beforeNode ?? "")\u{1}\(to)"]
      ?? figure.edges["\(transition.index)\u{1}*\u{1}\(to)"]
  }

  /// The transition an event step took, as people read it (`red —tick→ green`).
  static func transition(of step: TraceStep, graph: SystemGraph) -> String? {
    switch step.kind {
    case .undeclaredTransition: "undeclared: " + (step.transition.map(graph.describe) ?? "no declared transition")
    case .event: step.transition.map(graph.describe)
    default: nil
    }
  }

  /// Each effect from its start to its end, by step position, and each effect step's bar.
  /// An effect whose start the trace does not hold (it began before the window) starts at
  /// its first step here. Lifecycle rule: an effect finishes when its operation returns,
  /// and only a running effect is cancelled; a bar ends at its first `effectFinished` or
  /// `effectCancelled`.
  static func bars(_ steps: [TraceStep]) -> (bars: [Bar], barOf: [Int: Int]) {
    var bars: [Bar] = []
    var open: [EffectID: Int] = [:]
    var barOf: [Int: Int] = [:]
    for (offset, step) in steps.enumerated() where step.kind.isEffectStep {
      guard let effect = step.effect else { continue }
      let position: Int
      if step.kind != .effectStarted, let known = open[effect] {
        position = known
      } else {
        position = bars.count
        bars.append(Bar(feedback: step.feedback, effect: effect.index, start: offset))
        open[effect] = position
      }
      barOf[offset] = position
      if step.kind == .effectFinished || step.kind == .effectCancelled {
        bars[position].end = offset
        bars[position].ending = step.kind == .effectFinished ? 0 : 1
        open[effect] = nil
      }
    }
    return (bars, barOf)
  }

  /// Emissions and the event steps that reduced them, both ways, by position: an
  /// emission is reduced by the first later event step from the same feedback with the
  /// same event, in the order emitted (the rule ``TraceTimeline`` numbers events by).
  static func links(_ steps: [TraceStep]) -> [Int: Int] {
    // Per key, the emissions in order and how many of them were reduced (O(1) per step).
    var pending: [String: (emitted: [Int], reduced: Int)] = [:]
    var links: [Int: Int] = [:]
    func key(_ step: TraceStep) -> String { "\(step.feedback.map { "\($0.index)" } ?? "-")\u{1}\(step.event ?? "")" }
    for (offset, step) in steps.enumerated() {
      if step.kind == .effectEmitted {
        pending[key(step), default: ([], 0)].emitted.append(offset)
      } else if step.kind.isEventStep, !step.isExternal, let queue = pending[key(step)],
        queue.reduced < queue.emitted.count
      {
        let emitted = queue.emitted[queue.reduced]
        links[emitted] = offset
        links[offset] = emitted
        pending[key(step)]?.reduced += 1
      }
    }
    return links
  }
}

extension Int {
  /// `self`, or `other` when `self` is `-1` ("none").
  fileprivate func orElse(_ other: Int) -> Int { self == -1 ? other : self }
}
