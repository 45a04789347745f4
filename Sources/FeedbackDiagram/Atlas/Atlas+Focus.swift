import FeedbackGraph

extension Atlas {
  /// One drawn edge of a focus figure: the transitions between two nodes, merged.
  struct FocusEdge {
    /// `nil`: the "any state" node.
    var from: String?
    var to: String
    /// A transition from any state that also leaves the focused state.
    var wildcardOut: Bool
    var transitions: [TransitionEdge]
    /// The label lines, transition after transition (precedence included: `PrecedenceText`).
    var lines: [String]
  }

  /// The edges of `state`'s focus figure: every transition out of it (those from any state
  /// included, drawn from it), every transition into it; parallel ones merged; sorted.
  func focusEdges(for state: String) -> [FocusEdge] {
    var merged: [String: FocusEdge] = [:]
    func add(_ from: String?, _ to: String, wildcardOut: Bool, _ placed: Placed) {
      let key = "\(from.map { "\(position[$0] ?? -1)" } ?? "*")>\(position[to] ?? -1)\(wildcardOut ? "w" : "")"
      let lines = PrecedenceText.lines(placed.transition, placed.reach, from: wildcardOut ? state : nil)
      merged[key, default: FocusEdge(from: from, to: to, wildcardOut: wildcardOut, transitions: [], lines: [])]
        .transitions.append(placed.transition)
      merged[key]!.lines += lines
    }
    for placed in outgoing[state] ?? [] { add(state, placed.target, wildcardOut: false, placed) }
    for placed in incoming[state] ?? [] where placed.transition.from != state {
      add(placed.transition.from, placed.target, wildcardOut: false, placed)
    }
    // A transition from any state leaves this one too, unless a more specific one always wins here.
    for placed in wildcards where placed.target != state && placed.reach.fires(from: state) {
      add(state, placed.target, wildcardOut: true, placed)
    }
    return merged.values.sorted { a, b in
      let left = (a.from.flatMap { position[$0] } ?? -1, position[a.to] ?? -1, a.wildcardOut ? 1 : 0)
      let right = (b.from.flatMap { position[$0] } ?? -1, position[b.to] ?? -1, b.wildcardOut ? 1 : 0)
      return left < right
    }
  }

  /// The focus figure of `state` as DOT, or `nil` when the graph has no such state. With
  /// `links`, each neighbour links (`URL`, kept in SVG) to its own focus figure.
  public func focusDOT(for state: String, links: AtlasIndex? = nil) -> String? {
    guard let statePosition = position[state] else { return nil }
    let t = theme
    let edges = focusEdges(for: state)
    let neighbours = Set(edges.flatMap { [$0.from, $0.to] }.compactMap { $0 }).subtracting([state])
      .sorted { (position[$0] ?? 0) < (position[$1] ?? 0) }
    let nodes = [state] + neighbours
    let id = Dictionary(nodes.enumerated().map { ($1, DOTText.nodeID($0)) }, uniquingKeysWith: { first, _ in first })
    let layout = budget.layout(states: nodes.count, edges: edges.count)
    let into = edges.filter { $0.to == state && $0.from != state }.reduce(0) { $0 + $1.transitions.count }
    let out = edges.filter { $0.from == state && $0.to != state }.reduce(0) { $0 + $1.transitions.count }
    let loops = edges.filter { $0.from == state && $0.to == state }.reduce(0) { $0 + $1.transitions.count }

    var rows: [String] = []
    var counts = "\(into) in · \(out) out"
    if loops > 0 { counts += " · \(loops) staying" }
    rows.append(counts)
    let shown = edges.flatMap(\.transitions)
    if !shown.isEmpty { rows.append(DOTText.html(StateMachineFigure.legendPattern(shown))) }
    if edges.contains(where: { $0.lines.contains { $0.contains("[else") } }) {
      rows.append(DOTText.html("[else]: only when the transition tried first does not apply"))
    }
    if edges.contains(where: { $0.from == nil || $0.wildcardOut }) {
      rows.append(FigureText.colored("- - → a transition from any state (so from this one too)", t.wildcard))
    }
    if !neighbours.isEmpty {
      rows.append(FigureText.colored("plain boxes: neighbouring states (each links to its own page)", t.muted))
    }
    if state == graph.initial { rows.append("● → the initial state") }
    if let note = budget.note(layout, states: nodes.count, edges: edges.count) {
      rows.append(FigureText.colored(note, t.muted))
    }

    let title = "\(graph.name) · \(state)"
    var dot = DOTWriter(digraph: title)
    dot.leftToRight(t, nodesep: "0.4", ranksep: "0.9", fast: layout != .full)
    dot.label(FigureText.heading(title, legend: rows, theme: t))
    dot.stateDefaults(t, fill: t.background, border: t.muted)
    dot.transitionDefaults(t, color: t.edge, text: t.text)
    if state == graph.initial {
      dot.initialPoint(color: t.initial)
      dot.initialEdge(to: "n0")
    }
    let focused = graph.states[statePosition]
    var label = BoldText.html(state, font: t.fontName)
    for field in focused.fields {
      label +=
        "<br/><font point-size=\"\(t.fontSize - 2)\" color=\"\(DOTText.html(t.muted))\">\(DOTText.html(field))</font>"
    }
    dot.node(
      "n0",
      [
        "id=\"focus\"", "class=\"state focus\"", DOTWriter.attribute("fillcolor", quoted: t.stateFill),
        DOTWriter.attribute("color", quoted: t.stateBorder), "penwidth=2",
        "label=\(DOTText.htmlLabel(label, orPlain: [state] + focused.fields))", "tooltip=\(DOTText.tooltip(state))",
      ])
    // By state name: an index read from disk may be of another version of the graph.
    let linkedFiles = Dictionary(
      (links?.focus ?? []).map { ($0.state, $0.file) }, uniquingKeysWith: { first, _ in first })
    for (offset, neighbour) in neighbours.enumerated() {
      dot.node(
        DOTText.nodeID(offset + 1),
        [
          DOTWriter.attribute("id", quoted: "neighbour_\(offset + 1)"), "class=\"state neighbour\"",
          DOTWriter.attribute("label", quoted: neighbour), "tooltip=\(DOTText.tooltip(neighbour))",
        ] + (linkedFiles[neighbour].map { [DOTWriter.attribute("URL", quoted: $0)] } ?? []))
    }
    if edges.contains(where: { $0.from == nil }) {
      dot.anyState(color: t.wildcard, box: false)
    }
    if layout != .summary {
      for edge in edges {
        let from = edge.from.flatMap { id[$0] } ?? "any"
        guard let to = id[edge.to] else { continue }
        let ids = edge.transitions.map { DOTText.transitionID($0.id) }
        let text = edge.lines
        var attributes = [
          "id=\(DOTText.quoted("edge_" + ids.joined(separator: "-") + (edge.wildcardOut ? "_here" : "")))",
          "class=\(DOTText.quoted((["transition"] + ids + (edge.from == nil || edge.wildcardOut ? ["wildcard"] : [])).joined(separator: " ")))",
          "\(layout == .full ? "label" : "xlabel")=\(DOTText.lines(text))",
          "tooltip=\(DOTText.tooltip("\(edge.wildcardOut ? "any state (here: \(state))" : edge.from ?? "any state") → \(edge.to): " + text.joined(separator: "; ")))",
        ]
        if edge.from == nil || edge.wildcardOut {
          attributes += [
            "style=dashed", "color=\(DOTText.quoted(t.wildcard))", "fontcolor=\(DOTText.quoted(t.wildcard))",
          ]
        } else if edge.transitions.allSatisfy({ $0.guardDescription != nil }) {
          attributes.append("fontcolor=\(DOTText.quoted(t.guardColor))")
        }
        dot.edge(from, to, attributes)
      }
    }
    return dot.text
  }
}
