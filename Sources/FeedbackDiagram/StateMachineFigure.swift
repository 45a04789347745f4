public import FeedbackGraph

/// The state-machine figure of a system: states as nodes (name and fields), an initial
/// marker, transitions as edges labelled `event / label [guard]`, wildcard transitions from
/// an "any state" node, and a legend.
///
/// Deterministic: states are laid out in the graph's (sorted) order, edges sorted by
/// source, target and transition id; node ids are indices, never names; every name is
/// escaped.
///
/// ## Large graphs
/// Parallel transitions between two states are merged into one edge with a stacked label.
/// Past ``largeGraphEdgeCount`` edges the figure trades polish for time, so that a
/// 200-state / 600-transition machine renders in 0.7–2 s (`render.large`) instead of minutes:
/// - labels become `xlabel`s, placed after layout (Graphviz lays out labelled edges about
///   18× slower: ~440 s for such a machine);
/// - edges are straight (`splines=false`; spline routing of 600 edges alone costs ~15 s);
/// - network simplex and crossing minimization get small budgets
///   (`nslimit=1, nslimit1=1, mclimit=0.1, remincross=false`);
/// - the legend is left out.
public struct StateMachineFigure: Sendable {
  /// The graph to draw.
  public var graph: SystemGraph
  /// Colours and fonts.
  public var theme: Theme
  /// Above this many (merged) edges, the figure switches to the large-graph defaults.
  public var largeGraphEdgeCount = 80

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
  }

  var edges: [Edge] {
    var merged: [String: Edge] = [:]
    var order: [String] = []
    for transition in graph.transitions {
      for target in transition.to {
        let key = "\(transition.from ?? "\u{0}*")\u{1}\(target)"
        if merged[key] == nil {
          merged[key] = Edge(from: transition.from, to: target, transitions: [])
          order.append(key)
        }
        merged[key]!.transitions.append(transition)
      }
    }
    return order.sorted().map { merged[$0]! }
  }

  /// The text on an edge for one transition: `event / label [guard]`.
  static func label(_ transition: TransitionEdge) -> String {
    var text = transition.event ?? "any event"
    if let label = transition.label { text += " / \(label)" }
    if let condition = transition.guardDescription { text += " [\(condition)]" }
    return text
  }

  /// The figure as DOT text.
  public var dot: String {
    let states = graph.states.map(\.id)
    let index = Dictionary(states.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    let edges = self.edges
    let large = edges.count > largeGraphEdgeCount
    let t = theme
    var out: [String] = []
    out.append("digraph \(DOTText.quoted(graph.name)) {")
    out.append("  graph [rankdir=LR, bgcolor=\(DOTText.quoted(t.background)), fontname=\(DOTText.quoted(t.fontName)), fontcolor=\(DOTText.quoted(t.text)), pad=0.3, nodesep=0.5, ranksep=0.7, label=\(DOTText.quoted(graph.name)), labelloc=t, fontsize=\(t.fontSize + 4)\(large ? ", splines=false, nslimit=1, nslimit1=1, mclimit=0.1, remincross=false" : "")];")
    out.append("  node [shape=box, style=\"rounded,filled\", fillcolor=\(DOTText.quoted(t.stateFill)), color=\(DOTText.quoted(t.stateBorder)), fontname=\(DOTText.quoted(t.fontName)), fontcolor=\(DOTText.quoted(t.text)), fontsize=\(t.fontSize)];")
    out.append("  edge [color=\(DOTText.quoted(t.edge)), fontname=\(DOTText.quoted(t.fontName)), fontcolor=\(DOTText.quoted(t.text)), fontsize=\(t.fontSize - 1), arrowsize=0.8];")
    out.append("  initial [id=\"initial\", class=\"initial\", shape=point, width=0.18, style=filled, fillcolor=\(DOTText.quoted(t.initial)), color=\(DOTText.quoted(t.initial)), label=\"\", tooltip=\"initial state\"];")
    for (offset, state) in graph.states.enumerated() {
      out.append("  \(DOTText.nodeID(offset)) [id=\(DOTText.quoted("state_\(offset)")), class=\"state\", label=\(stateLabel(state)), tooltip=\(DOTText.tooltip(state.id))];")
    }
    if edges.contains(where: { $0.from == nil }) {
      out.append("  any [id=\"any_state\", class=\"wildcard\", shape=box, style=\"rounded,dashed\", color=\(DOTText.quoted(t.wildcard)), fontcolor=\(DOTText.quoted(t.wildcard)), fillcolor=\(DOTText.quoted(t.background)), label=\"any state\", tooltip=\"a transition from any state\"];")
    }
    if let initial = index[graph.initial] {
      out.append("  initial -> \(DOTText.nodeID(initial)) [id=\"initial_edge\", class=\"initial\", arrowsize=0.7];")
    }
    for edge in edges {
      guard let to = index[edge.to] else { continue }
      let from = edge.from.flatMap { index[$0] }.map(DOTText.nodeID) ?? "any"
      let lines = edge.transitions.map(Self.label)
      let ids = edge.transitions.map { DOTText.transitionID($0.id) }.joined(separator: " ")
      let tooltip = "\(edge.from ?? "any state") → \(edge.to): " + lines.joined(separator: "; ")
      var attributes = [
        "id=\(DOTText.quoted("edge_" + edge.transitions.map { DOTText.transitionID($0.id) }.joined(separator: "-")))",
        "class=\(DOTText.quoted("transition \(ids)\(edge.from == nil ? " wildcard" : "")"))",
        "\(large ? "xlabel" : "label")=\(DOTText.lines(lines))",
        "tooltip=\(DOTText.tooltip(tooltip))",
      ]
      if edge.from == nil { attributes += ["style=dashed", "color=\(DOTText.quoted(t.wildcard))", "fontcolor=\(DOTText.quoted(t.wildcard))"] }
      else if edge.transitions.allSatisfy({ $0.guardDescription != nil }) { attributes.append("fontcolor=\(DOTText.quoted(t.guardColor))") }
      out.append("  \(from) -> \(DOTText.nodeID(to)) [\(attributes.joined(separator: ", "))];")
    }
    if !large { out.append(legend) }
    out.append("}")
    return out.joined(separator: "\n") + "\n"
  }

  private func stateLabel(_ state: StateNode) -> String {
    var rows = "<b>\(DOTText.html(state.id))</b>"
    if state.id == graph.initial { rows = "<font point-size=\"\(theme.fontSize - 3)\" color=\"\(DOTText.html(theme.muted))\">initial</font><br/>" + rows }
    for field in state.fields {
      rows += "<br/><font point-size=\"\(theme.fontSize - 2)\" color=\"\(DOTText.html(theme.muted))\">\(DOTText.html(field))</font>"
    }
    return DOTText.htmlLabel(rows, orPlain: (state.id == graph.initial ? ["initial"] : []) + [state.id] + state.fields)
  }

  private var legend: String {
    let t = theme
    let muted = DOTText.html(t.muted)
    // Only what this figure uses: the label pattern names the parts its edges have, the
    // wildcard line appears only with a transition from any state.
    let hasLabels = graph.transitions.contains { $0.label != nil }
    let hasGuards = graph.transitions.contains { $0.guardDescription != nil }
    let pattern = "edges: event" + (hasLabels ? " / what it does" : "") + (hasGuards ? " [guard]" : "")
    var rows = [
      "<tr><td align=\"left\"><b>Legend</b></td></tr>",
      "<tr><td align=\"left\">● → initial state</td></tr>",
    ]
    if !graph.transitions.isEmpty { rows.append("<tr><td align=\"left\">\(DOTText.html(pattern))</td></tr>") }
    if graph.transitions.contains(where: { $0.from == nil }) {
      rows.append("<tr><td align=\"left\"><font color=\"\(DOTText.html(t.wildcard))\">- - → from any state</font></td></tr>")
    }
    rows.append(
      "<tr><td align=\"left\"><font color=\"\(muted)\">\(FigureText.plural(graph.states.count, "state")), \(FigureText.plural(graph.transitions.count, "transition"))</font></td></tr>")
    return """
        subgraph cluster_legend {
          id="legend"; label=""; style="rounded,filled"; fillcolor=\(DOTText.quoted(t.legendFill)); color=\(DOTText.quoted(t.legendBorder));
          legend [id="legend_table", class="legend", shape=plaintext, style="", label=<<table border="0" cellspacing="2">\(rows.joined())</table>>];
        }
      """
  }
}
