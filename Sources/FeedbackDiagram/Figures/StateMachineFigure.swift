public import FeedbackGraph

/// The state-machine figure of a system: states as nodes (name and fields), an initial
/// marker, transitions as edges labelled `event / label [guard]`, wildcard transitions from
/// an "any state" node, and a legend.
///
/// Deterministic: states are laid out in the graph's (sorted) order, edges sorted by
/// source, target and transition id; node ids are indices, never names; every name is
/// escaped.
///
/// ## Looks
/// - The title and the legend are the graph's label, above the drawing: the legend never
///   sits on an edge. It lists only what the figure uses (label parts, guards, "from any
///   state") and counts in the singular when there is one (`1 state`).
/// - Parallel transitions between two states (self-loops too) are merged into one edge with
///   one stacked label, a line per transition; a label that only repeats its event is
///   not printed twice.
/// - A figure that would be wider than 2:1 from left to right is laid out top to bottom
///   (measured on the left-to-right layout).
/// - Precedence is drawn (`TransitionReach`): a wildcard that some states override says
///   `not from offline`, a fall-through after a guarded transition reads `[else]`, and a
///   transition that can never fire is not drawn (the legend counts it).
///
/// ## Large graphs
/// The figure obeys a ``RenderBudget``. Past ``RenderBudget/labelledEdges`` edges it trades
/// polish for time, so that a 200-state / 600-transition machine renders in 0.7–2 s (`render.large`)
/// instead of minutes:
/// - labels become `xlabel`s, placed after layout (Graphviz lays out labelled edges about
///   18× slower: ~440 s for such a machine);
/// - edges are straight (`splines=false`; spline routing of 600 edges alone costs ~15 s);
/// - network simplex and crossing minimization get small budgets
///   (`nslimit=1, nslimit1=1, mclimit=0.1, remincross=false`);
/// - the drawing is scaled down to fit 40 × 40 inches (`size`), so a PNG stays a few
///   thousand pixels wide.
/// Past ``RenderBudget/figureStates`` states or ``RenderBudget/figureEdges`` edges the
/// machine is not drawn: a summary figure says so and points at the ``Atlas``. Either way
/// the legend carries the budget's note.
public struct StateMachineFigure: Sendable {
  /// The graph to draw.
  package var graph: SystemGraph
  /// Colours and fonts.
  package var theme: Theme
  /// The limits this figure obeys.
  package var budget = RenderBudget.standard

  /// A figure of `graph`.
  public init(graph: SystemGraph, theme: Theme = .light) {
    self.graph = graph
    self.theme = theme
  }

  /// One drawn edge: every transition between the same two nodes, merged.
  struct Edge {
    var from: String?  // nil: any state
    var to: String
    var transitions: [TransitionEdge]
    /// The label lines, transition after transition (precedence included: `PrecedenceText`).
    var lines: [String]
  }

  /// The drawn edges; a transition that precedence keeps from ever firing is not drawn.
  var edges: [Edge] {
    var merged: [String: Edge] = [:]
    var order: [String] = []
    for (transition, reach) in zip(graph.transitions, graph.reach) where reach.status != .never {
      let lines = PrecedenceText.lines(transition, reach, from: nil)
      for target in transition.to {
        let key = "\(transition.from ?? "\u{0}*")\u{1}\(target)"
        if merged[key] == nil {
          merged[key] = Edge(from: transition.from, to: target, transitions: [], lines: [])
          order.append(key)
        }
        merged[key]!.transitions.append(transition)
        merged[key]!.lines += lines
      }
    }
    return order.sorted().map { merged[$0]! }
  }

  /// The text on an edge for one transition: `event / label [guard]`. A label that only
  /// repeats the event (`retry / retry`, `didLoad / did load`) is left out; a label that
  /// starts with the event (`retry / retry the request`) is printed alone.
  static func label(_ transition: TransitionEdge) -> String {
    let event = transition.event ?? "any event"
    var text = event
    if let label = transition.label {
      let (said, saying) = (words(event), words(label))
      if saying == said {
        text = event
      } else if !said.isEmpty, saying.hasPrefix(said), transition.event != nil {
        text = label
      } else {
        text += " / \(label)"
      }
    }
    if let condition = transition.guardDescription { text += " [\(condition)]" }
    return text
  }

  /// Letters and digits only, lowercased: `did load` and `didLoad` say the same.
  private static func words(_ text: String) -> String {
    String(text.lowercased().filter { $0.isLetter || $0.isNumber })
  }

  /// `edges: event / what it does [guard]`, naming only the parts `transitions` have.
  static func legendPattern(_ transitions: [TransitionEdge]) -> String {
    let hasLabels = transitions.contains { transition in
      transition.label != nil
        && label(transition) != (transition.event ?? "any event")
          + (transition.guardDescription.map { " [\($0)]" } ?? "")
    }
    let hasGuards = transitions.contains { $0.guardDescription != nil }
    return "edges: event" + (hasLabels ? " / what it does" : "") + (hasGuards ? " [guard]" : "")
  }

  /// What the budget made this figure give up, or `nil` when it is drawn in full.
  package var budgetNote: String? {
    let edges = self.edges.count
    return budget.note(
      budget.layout(states: graph.states.count, edges: edges), states: graph.states.count, edges: edges)
  }

  /// The figure as DOT text.
  public var dot: String {
    let states = graph.states.map(\.id)
    let index = Dictionary(states.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    let edges = self.edges
    let layout = budget.layout(states: states.count, edges: edges.count)
    let t = theme
    let rows = legendRows(layout: layout, edges: edges.count)
    var dot = DOTWriter(digraph: graph.name)
    dot.leftToRight(t, nodesep: "0.5", ranksep: "0.7", fast: layout != .full)
    dot.label(FigureText.heading(graph.name, legend: rows, theme: t))
    dot.stateDefaults(t, fill: t.stateFill, border: t.stateBorder)
    dot.transitionDefaults(t, color: t.edge, text: t.text)
    guard layout != .summary else {
      // Not drawn: the heading says why; one node names the machine's size.
      dot.summary(
        "\(graph.name): \(FigureText.plural(states.count, "state")), \(FigureText.plural(graph.transitions.count, "transition"))\nnot drawn as one figure"
      )
      return dot.text
    }
    dot.initialPoint(color: t.initial)
    for (offset, state) in graph.states.enumerated() {
      let marks = (state.isFinal ? ["final"] : []) + (state.isWaiting ? ["waiting"] : [])
      var attributes = [
        DOTWriter.attribute("id", quoted: "state_\(offset)"),
        DOTWriter.attribute("class", quoted: (["state"] + marks).joined(separator: " ")),
        stateLabel(state),
        "tooltip=\(DOTText.tooltip(state.id + (marks.isEmpty ? "" : " (\(marks.joined(separator: ", ")))")))",
      ]
      if state.isFinal { attributes.append("peripheries=2") }  // a final state: a double border
      // A state where the loop waits for the outside: a dashed border.
      if state.isWaiting { attributes.append("style=\"rounded,filled,dashed\"") }
      dot.node(DOTText.nodeID(offset), attributes)
    }
    if edges.contains(where: { $0.from == nil }) {
      dot.anyState(color: t.wildcard, fill: t.background)
    }
    if let initial = index[graph.initial] {
      dot.initialEdge(to: DOTText.nodeID(initial))
    }
    for edge in edges {
      guard let to = index[edge.to] else { continue }
      let from = edge.from.flatMap { index[$0] }.map(DOTText.nodeID) ?? "any"
      let lines = edge.lines
      let ids = edge.transitions.map { DOTText.transitionID($0.id) }.joined(separator: " ")
      let tooltip = "\(edge.from ?? "any state") → \(edge.to): " + lines.joined(separator: "; ")
      var attributes = [
        DOTWriter.attribute(
          "id", quoted: "edge_" + edge.transitions.map { DOTText.transitionID($0.id) }.joined(separator: "-")),
        DOTWriter.attribute("class", quoted: "transition \(ids)\(edge.from == nil ? " wildcard" : "")"),
        "\(layout == .full ? "label" : "xlabel")=\(DOTText.lines(lines))",
        "tooltip=\(DOTText.tooltip(tooltip))",
      ]
      if edge.transitions.contains(where: { $0.finding != nil }) {
        // A finding's move (an explorer's reachable graph): red and heavier.
        attributes[1] = DOTWriter.attribute("class", quoted: "transition \(ids) finding")
        attributes += [
          DOTWriter.attribute("color", quoted: t.failure), DOTWriter.attribute("fontcolor", quoted: t.failure),
          "penwidth=2",
        ]
      } else if edge.from == nil {
        attributes += [
          "style=dashed", DOTWriter.attribute("color", quoted: t.wildcard),
          DOTWriter.attribute("fontcolor", quoted: t.wildcard),
        ]
      } else if edge.transitions.allSatisfy({ $0.guardDescription != nil }) {
        attributes.append(DOTWriter.attribute("fontcolor", quoted: t.guardColor))
      }
      dot.edge(from, DOTText.nodeID(to), attributes)
    }
    let text = dot.text
    return layout == .full ? LayoutShape.turned(text) : text
  }

  /// The `label` attribute (and `fontname`, see ``BoldText``) of a state's node.
  private func stateLabel(_ state: StateNode) -> String {
    let marked = state.id == graph.initial && !state.id.lowercased().contains("initial")
    if !marked && state.fields.isEmpty { return BoldText.nameLabel(state.id, font: theme.fontName) }
    var rows = BoldText.html(state.id, font: theme.fontName)
    if marked {
      rows =
        "<font point-size=\"\(theme.fontSize - 3)\" color=\"\(DOTText.html(theme.muted))\">initial</font><br/>" + rows
    }
    for field in state.fields {
      rows +=
        "<br/><font point-size=\"\(theme.fontSize - 2)\" color=\"\(DOTText.html(theme.muted))\">\(DOTText.html(field))</font>"
    }
    return "label=" + DOTText.htmlLabel(rows, orPlain: (marked ? ["initial"] : []) + [state.id] + state.fields)
  }

  /// The legend's rows (HTML-like, escaped): only what this figure uses.
  private func legendRows(layout: RenderBudget.Layout, edges: Int) -> [String] {
    let t = theme
    var rows: [String] = []
    if layout != .summary {
      if graph.states.contains(where: { $0.id == graph.initial }) { rows.append("● → initial state") }
      if !graph.transitions.isEmpty { rows.append(DOTText.html(Self.legendPattern(graph.transitions))) }
      if graph.transitions.contains(where: { $0.from == nil }) {
        rows.append(FigureText.colored("- - → from any state", t.wildcard))
      }
      if graph.states.contains(where: \.isFinal) { rows.append("double border: final state") }
      if graph.states.contains(where: \.isWaiting) { rows.append("dashed border: waits for the outside") }
      if graph.transitions.contains(where: { $0.finding != nil }) {
        rows.append(FigureText.colored("→ a finding's move", t.failure))
      }
      rows += PrecedenceText.legendRows(graph, theme: t)
    }
    rows.append(
      FigureText.colored(
        "\(FigureText.plural(graph.states.count, "state")), \(FigureText.plural(graph.transitions.count, "transition"))",
        t.muted))
    if let note = budget.note(layout, states: graph.states.count, edges: edges) {
      rows.append(FigureText.colored(note, t.muted))
    }
    return rows
  }
}
