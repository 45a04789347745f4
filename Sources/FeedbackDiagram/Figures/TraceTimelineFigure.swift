public import FeedbackGraph

/// One recorded run on a timeline of virtual time: the states it went through, the events
/// sent from outside, and one lane per feedback where each effect is a bar from its start
/// to its end — a dot when it finished, a ✕ when it was cancelled, `…` when it was still
/// running — with the events it emitted as diamonds. The failing step is a red line.
///
/// Laid out with pinned positions (`pos="x,y!"`), so it renders with the `neato` engine
/// (``engine``); the DOT also says `layout=neato` for the `dot` command line tool.
/// Deterministic; every name escaped; `id`, `class` and `tooltip` carried into SVG. Node
/// ids are built from positions (of the step in the trace, of the effect in the figure),
/// never from numbers read from the file.
///
/// A long trace is drawn in a window of 400 steps: the first ones, or, when
/// the failing step comes later, the steps around it; the title says which.
public struct TraceTimelineFigure: Sendable {
  /// The Graphviz layout engine this figure needs.
  public static let engine = "neato"
  /// The graph the trace was recorded against (for feedback names).
  package var graph: SystemGraph
  /// The run.
  package var trace: Trace
  /// Colours and fonts.
  package var theme: Theme
  /// At most this many steps are drawn (around the failing step, if any); the title says
  /// which.
  package var maximumSteps = 400

  /// A timeline of `trace`.
  public init(graph: SystemGraph, trace: Trace, theme: Theme = .light) {
    self.graph = graph
    self.trace = trace
    self.theme = theme
  }

  private static let rowHeight = 34.0
  private static let laneLabelX = -70.0

  /// The position in the trace of the failing step (the first step of that index).
  var failingOffset: Int? {
    trace.header.outcome.failingStep.flatMap { failing in trace.steps.firstIndex { $0.index == failing } }
  }

  /// The positions of the steps drawn: the first ``maximumSteps``, or as many centred on
  /// the failing step when it comes later.
  var window: Range<Int> {
    let count = trace.steps.count, limit = max(1, maximumSteps)
    guard count > limit else { return 0..<count }
    guard let failing = failingOffset, failing >= limit else { return 0..<limit }
    let start = min(max(0, failing - limit / 2), count - limit)
    return start..<start + limit
  }

  /// The figure as DOT text.
  public var dot: String {
    let t = theme
    let window = self.window
    let steps = Array(trace.steps[window])
    let timeline = TraceTimeline(
      steps: steps, firstOffset: window.lowerBound, reducedAt: TraceTimeline.reductions(of: trace.steps))
    let feedbackIDs =
      (Set(graph.feedbacks.indices.map { Optional(FeedbackID($0)) }).union(timeline.bars.map(\.feedback)))
      .sorted { ($0?.index ?? .max) < ($1?.index ?? .max) }
    // Rows from the top: state, sent, then each feedback's sub-rows. Lane ids are positions.
    var laneRows: [(id: String, label: String, rows: Int)] = [("state", "state", 1), ("sent", "sent (send)", 1)]
    var laneIDs: [FeedbackID?: String] = [:]
    for (offset, feedback) in feedbackIDs.enumerated() {
      let name = feedback.map { graph.feedbackName($0) } ?? "unknown feedback"
      let id = feedback == nil ? "f_unknown" : "f\(offset)"
      laneIDs[feedback] = id
      laneRows.append((id, name, max(1, timeline.rows[feedback] ?? 0)))
    }
    let totalRows = laneRows.reduce(0) { $0 + $1.rows }
    let axisY = 0.0
    func y(row: Int) -> Double { Double(totalRows - row) * Self.rowHeight }
    var firstRow: [String: Int] = [:]
    var next = 0
    for lane in laneRows {
      firstRow[lane.id] = next
      next += lane.rows
    }
    func laneID(_ feedback: FeedbackID?) -> String { laneIDs[feedback] ?? "f_unknown" }
    let font = DOTText.quoted(t.fontName)
    let small = t.fontSize - 2
    var dot = DOTWriter(digraph: graph.name + " timeline")
    dot.graph([
      "layout=neato", "inputscale=72", "splines=false", "overlap=true", "forcelabels=true", "outputorder=edgesfirst",
      "bgcolor=\(DOTText.quoted(t.background))", "fontname=\(font)", "fontcolor=\(DOTText.quoted(t.text))", "pad=0.3",
      "label=\(DOTText.quoted(title))", "labelloc=t", "fontsize=\(t.fontSize + 4)",
    ])
    dot.nodeDefaults([
      "pin=true", "fontname=\(font)", "fontcolor=\(DOTText.quoted(t.text))", "fontsize=\(small)", "label=\"\"",
    ])
    dot.edgeDefaults(["arrowhead=none", "color=\(DOTText.quoted(t.legendBorder))"])
    // Lanes: a label on the left and a dotted guide line.
    for lane in laneRows {
      let top = firstRow[lane.id] ?? 0
      let center = (y(row: top) + y(row: top + lane.rows - 1)) / 2
      dot.node(
        "lane_\(lane.id)",
        [
          "id=\(DOTText.quoted("lane_\(lane.id)"))", "class=\"lane\"", "shape=plaintext", "fontsize=\(t.fontSize)",
          "label=\(DOTText.quoted(lane.label))", "\(FigureText.pos(Self.laneLabelX, center))",
        ])
      for row in 0..<lane.rows {
        let name = "guide_\(lane.id)_\(row)"
        dot.node("\(name)_a", ["shape=point", "width=0.01", "style=invis", "\(FigureText.pos(0, y(row: top + row)))"])
        dot.node(
          "\(name)_b",
          ["shape=point", "width=0.01", "style=invis", "\(FigureText.pos(timeline.width, y(row: top + row)))"])
        dot.edge("\(name)_a", "\(name)_b", ["style=dotted"])
      }
    }
    // States.
    for span in timeline.spans {
      let width = max(4, span.end - span.start - 2)
      dot.node(
        "state_\(span.offset)",
        [
          "id=\(DOTText.quoted("state_step_\(span.offset)"))", "class=\"state\"", "shape=box",
          "style=\"rounded,filled\"", "fixedsize=true", "width=\(FigureText.inches(width))",
          "height=\(FigureText.inches(22))", "fillcolor=\(DOTText.quoted(t.stateFill))",
          "color=\(DOTText.quoted(t.stateBorder))", "label=\(DOTText.quoted(span.state))",
          "tooltip=\(DOTText.tooltip("#\(span.step): \(span.state)"))",
          "\(FigureText.pos(span.start + width / 2 + 1, y(row: 0)))",
        ])
    }
    // Events sent from outside.
    for mark in timeline.external {
      let step = mark.step
      let ignored = step.kind == .ignoredEvent
      let text = "#\(mark.number ?? step.index) \(step.eventNode ?? step.event ?? "?")\(ignored ? " (ignored)" : "")"
      dot.node(
        "sent_\(mark.offset)",
        [
          "id=\(DOTText.quoted("sent_\(mark.offset)"))", "class=\(DOTText.quoted(ignored ? "sent ignored" : "sent"))",
          "shape=invtriangle", "fixedsize=true", "width=0.16", "height=0.16", "style=filled",
          "fillcolor=\(DOTText.quoted(ignored ? t.background : t.path))", "color=\(DOTText.quoted(t.path))",
          "xlabel=\(DOTText.quoted(text))", "tooltip=\(DOTText.tooltip(text))", "\(FigureText.pos(mark.x, y(row: 1)))",
        ])
    }
    // Effects.
    for (offset, bar) in timeline.bars.enumerated() {
      let row = (firstRow[laneID(bar.feedback)] ?? 0) + bar.row
      let name = "effect_\(offset)"
      let feedbackName = bar.feedback.map { graph.feedbackName($0) } ?? "?"
      let ending: String
      switch bar.ending {
      case .finished: ending = "finished at #\(bar.endStep ?? 0)"
      case .cancelled: ending = "cancelled at #\(bar.endStep ?? 0)"
      case .running: ending = "still running at the end"
      }
      let tooltip = "\(feedbackName) \(bar.effect): started at #\(bar.startStep), \(ending)"
      let width = max(4, bar.end - bar.start)
      let classes =
        "effect "
        + ["finished", "cancelled", "running"][bar.ending == .finished ? 0 : (bar.ending == .cancelled ? 1 : 2)]
        + (bar.lastsNoTime ? " instant" : "")
      // An effect that lasted is a bar; one that began and ended at one instant is a thin
      // mark along that instant's spread-out steps (a bar would read as time passing).
      dot.node(
        name,
        [
          "id=\(DOTText.quoted(name))", "class=\(DOTText.quoted(classes))", "shape=box", "style=filled",
          "fixedsize=true", "width=\(FigureText.inches(width))",
          "height=\(FigureText.inches(bar.lastsNoTime ? 1.5 : 9))",
          "fillcolor=\(DOTText.quoted(bar.lastsNoTime ? t.feedbackBorder : t.feedbackFill))",
          "color=\(DOTText.quoted(t.feedbackBorder))",
          "tooltip=\(DOTText.tooltip(tooltip + (bar.lastsNoTime ? ", at one instant" : "")))",
          "\(FigureText.pos(bar.start + width / 2, y(row: row)))",
        ] + (bar.lastsNoTime ? ["penwidth=0"] : []))
      switch bar.ending {
      case .finished:
        dot.node(
          "\(name)_end",
          [
            "id=\(DOTText.quoted(name + "_end"))", "class=\"effect-end finished\"", "shape=point", "width=0.1",
            "color=\(DOTText.quoted(t.feedbackBorder))", "tooltip=\(DOTText.tooltip(tooltip))",
            "\(FigureText.pos(bar.end, y(row: row)))",
          ])
      case .cancelled:
        dot.node(
          "\(name)_end",
          [
            "id=\(DOTText.quoted(name + "_end"))", "class=\"effect-end cancelled\"", "shape=plaintext",
            "fontsize=\(t.fontSize + 2)", "fontcolor=\(DOTText.quoted(t.uncovered))", "label=\"✕\"",
            "tooltip=\(DOTText.tooltip(tooltip))", "\(FigureText.pos(bar.end, y(row: row)))",
          ])
      case .running:
        dot.node(
          "\(name)_end",
          [
            "id=\(DOTText.quoted(name + "_end"))", "class=\"effect-end running\"", "shape=plaintext",
            "fontcolor=\(DOTText.quoted(t.feedbackBorder))", "label=\"…\"", "tooltip=\(DOTText.tooltip(tooltip))",
            "\(FigureText.pos(bar.end + 8, y(row: row)))",
          ])
      }
      for mark in bar.emitted {
        // Known by the step that reduced it, as on the path and in failure messages.
        let event = mark.step.eventNode ?? mark.step.event ?? "?"
        let text = mark.number.map { "#\($0) \(event)" } ?? "\(event) (not reduced)"
        let tooltip =
          "\(feedbackName) \(bar.effect) emitted \(event) at step #\(mark.step.index)"
          + (mark.number.map { ", reduced at step #\($0)" } ?? "; the trace ends before it is reduced")
        dot.node(
          "emitted_\(mark.offset)",
          [
            "id=\(DOTText.quoted("emitted_\(mark.offset)"))", "class=\"emitted\"", "shape=diamond", "fixedsize=true",
            "width=0.16", "height=0.16", "style=filled", "fillcolor=\(DOTText.quoted(t.feedbackBorder))",
            "color=\(DOTText.quoted(t.feedbackBorder))", "xlabel=\(DOTText.quoted(text))",
            "tooltip=\(DOTText.tooltip(tooltip))", "\(FigureText.pos(mark.x, y(row: row)))",
          ])
      }
    }
    // The time axis.
    let axisEnd = timeline.width + 10
    dot.node("axis_a", ["shape=point", "width=0.01", "style=invis", "\(FigureText.pos(0, axisY + 14))"])
    dot.node("axis_b", ["shape=point", "width=0.01", "style=invis", "\(FigureText.pos(axisEnd, axisY + 14))"])
    dot.edge(
      "axis_a", "axis_b",
      ["id=\"axis\"", "class=\"axis\"", "arrowhead=normal", "arrowsize=0.6", "color=\(DOTText.quoted(t.muted))"])
    dot.node(
      "axis_label",
      [
        "shape=plaintext", "fontcolor=\(DOTText.quoted(t.muted))",
        "label=\(DOTText.quoted(timeline.isUntimed ? "steps" : "virtual time"))",
        "\(FigureText.pos(Self.laneLabelX, axisY + 4))",
      ])
    for (offset, tick) in timeline.ticks.enumerated() {
      dot.node(
        "tick_\(offset)",
        [
          "id=\(DOTText.quoted("tick_\(offset)"))", "class=\"tick\"", "shape=plaintext",
          "fontcolor=\(DOTText.quoted(t.muted))", "label=\(DOTText.quoted(tick.label))",
          "\(FigureText.pos(tick.x, axisY))",
        ])
    }
    // An instant holding several steps: one mark, a thin bracket over its spread-out steps
    // just above the axis (a thick stretch read as time passing).
    for (offset, tick) in timeline.ticks.enumerated() where !timeline.isUntimed && tick.end > tick.x {
      let name = "instant_\(offset)"
      let tooltip = "\(tick.steps) steps at one instant, \(tick.label): no time passes between them"
      dot.node("\(name)_a", ["shape=point", "width=0.01", "style=invis", "\(FigureText.pos(tick.x, axisY + 20))"])
      dot.node("\(name)_b", ["shape=point", "width=0.01", "style=invis", "\(FigureText.pos(tick.end, axisY + 20))"])
      dot.edge(
        "\(name)_a", "\(name)_b",
        [
          "id=\(DOTText.quoted(name))", "class=\"instant\"", "penwidth=1.5", "dir=both", "arrowhead=tee",
          "arrowtail=tee", "arrowsize=0.5", "color=\(DOTText.quoted(t.muted))", "tooltip=\(DOTText.tooltip(tooltip))",
        ])
    }
    // Breaks: a wait too long to draw to scale, cut short and labelled with its length.
    for (offset, cut) in timeline.breaks.enumerated() {
      let wait = TraceTimeline.time(TraceTimeline.nanoseconds(cut.nanoseconds))
      dot.node(
        "break_\(offset)",
        [
          "id=\(DOTText.quoted("break_\(offset)"))", "class=\"axis-break\"", "shape=box", "style=filled",
          "fixedsize=true", "width=0.14", "height=0.2", "color=\(DOTText.quoted(t.background))",
          "fillcolor=\(DOTText.quoted(t.background))", "fontcolor=\(DOTText.quoted(t.muted))", "fontsize=\(t.fontSize)",
          "label=\"//\"", "xlabel=\(DOTText.quoted("\(wait) wait"))",
          "tooltip=\(DOTText.tooltip("a \(wait) wait, not drawn to scale"))", "\(FigureText.pos(cut.x, axisY + 14))",
        ])
    }
    dot.node(
      "axis_note",
      [
        "id=\"axis_note\"", "class=\"axis-note\"", "shape=plaintext", "fontcolor=\(DOTText.quoted(t.muted))",
        "label=\(DOTText.quoted(axisNote(timeline)))", "\(FigureText.pos(axisEnd, axisY - 14))",
      ])
    // The failing step.
    if let failing = trace.header.outcome.failingStep, let offset = failingOffset, window.contains(offset) {
      let x = timeline.x[offset - window.lowerBound]
      let message = trace.header.outcome.message.map(FigureText.firstLine) ?? "failed"
      dot.node(
        "failing_top",
        [
          "id=\"failing_step\"", "class=\"failing\"", "shape=plaintext", "fontcolor=\(DOTText.quoted(t.failure))",
          "fontsize=\(t.fontSize)", "label=\(DOTText.quoted("✗ #\(failing)"))", "tooltip=\(DOTText.tooltip(message))",
          "\(FigureText.pos(x, y(row: 0) + 24))",
        ])
      dot.node("failing_bottom", ["shape=point", "width=0.01", "style=invis", "\(FigureText.pos(x, axisY + 14))"])
      dot.edge(
        "failing_top", "failing_bottom",
        [
          "id=\"failing_line\"", "class=\"failing\"", "style=dashed", "penwidth=1.5",
          "color=\(DOTText.quoted(t.failure))", "tooltip=\(DOTText.tooltip(message))",
        ])
    }
    if let shown = shownSteps {
      dot.node(
        "truncated",
        [
          "id=\"truncated\"", "shape=plaintext", "fontcolor=\(DOTText.quoted(t.muted))",
          "label=\(DOTText.quoted(shown))", "\(FigureText.pos(axisEnd, y(row: 0) + 24))",
        ])
    }
    return dot.text
  }

  /// What the axis measures: `by step: the trace records no time`, or the linear scale
  /// (`linear: 34 pt = 0.5s between instants (├─┤: the steps of one instant)`) and, when some
  /// wait is broken, `// = a wait not to scale`.
  func axisNote(_ timeline: TraceTimeline) -> String {
    if timeline.isUntimed { return "by step: the trace records no time" }
    guard let perSecond = timeline.pointsPerSecond, perSecond > 0 else { return "one instant" }
    let nanoseconds = TraceTimeline.minimumGap / perSecond * 1e9
    let unit = TraceTimeline.time(TraceTimeline.nanoseconds(nanoseconds))
    return "linear: \(Int(TraceTimeline.minimumGap)) pt = \(unit) between instants (├─┤: the steps of one instant)"
      + (timeline.breaks.isEmpty ? "" : "; // = a wait not to scale")
  }

  /// `steps #1200–#1599 of 5000` when not every step is drawn.
  var shownSteps: String? {
    let window = self.window
    guard window.count < trace.steps.count, let first = trace.steps[window].first, let last = trace.steps[window].last
    else { return nil }
    return "steps #\(first.index)–#\(last.index) of \(trace.steps.count)"
  }

  /// `TrafficLight · emergencyWhileYellow — timeline` (`, steps #1200–#1599 of 5000` when
  /// not every step is drawn), and the failure's first line.
  var title: String {
    let name = trace.header.test.map { "\(graph.name) · \($0)" } ?? graph.name
    var text = "\(name) — timeline" + (shownSteps.map { ", \($0)" } ?? "")
    if trace.header.outcome.status == .failed, let message = trace.header.outcome.message {
      text += "\n✗ " + (trace.header.outcome.failingStep.map { "#\($0): " } ?? "") + FigureText.firstLine(message)
    }
    return text
  }
}
