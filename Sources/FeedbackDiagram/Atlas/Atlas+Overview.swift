import FeedbackGraph

extension Atlas {
  /// One drawn edge of the overview: every transition from one group (or from any state,
  /// `from == nil`) into another group.
  struct OverviewEdge {
    var from: Int?
    var to: Int
    /// How many transitions (a computed one counts once per target).
    var count: Int
    /// How often each event appears, for the label.
    var events: [String: Int]
  }

  /// The overview's edges between different groups, sorted; transitions inside a group are
  /// counted on the group's node instead (``insideCounts``).
  var overviewEdges: [OverviewEdge] {
    var merged: [Int: OverviewEdge] = [:]
    let width = groups.groups.count + 1
    for (transition, reach) in zip(graph.transitions, graph.reach) where reach.status != .never {
      let from = transition.from.flatMap { groups.groupOf[$0] }
      if transition.from != nil, from == nil { continue }
      for target in transition.to {
        guard let to = groups.groupOf[target], from != to else { continue }
        let key = ((from ?? -1) + 1) * width + to
        merged[key, default: OverviewEdge(from: from, to: to, count: 0, events: [:])].count += 1
        merged[key]!.events[transition.event ?? "any event", default: 0] += 1
      }
    }
    return merged.keys.sorted().map { merged[$0]! }
  }

  /// Per group, how many transitions stay inside it.
  var insideCounts: [Int] {
    var counts = Array(repeating: 0, count: groups.groups.count)
    for (transition, reach) in zip(graph.transitions, graph.reach) where reach.status != .never {
      guard let from = transition.from.flatMap({ groups.groupOf[$0] }) else { continue }
      for target in transition.to where groups.groupOf[target] == from { counts[from] += 1 }
    }
    return counts
  }

  /// `didLoad, retry +2 more`: the most frequent events of a merged edge (ties by name).
  static func eventSummary(_ events: [String: Int], limit: Int = 3) -> String {
    let ranked = events.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
    let more = ranked.count > limit ? " +\(ranked.count - limit) more" : ""
    return ranked.prefix(limit).joined(separator: ", ") + more
  }

  /// The overview as DOT: one node per group (its name, how many states, how many
  /// transitions stay inside), the initial group marked, one edge per pair of groups with
  /// how many transitions it stands for and their most frequent events.
  public var overviewDOT: String {
    let t = theme
    let edges = overviewEdges
    let inside = insideCounts
    let layout = budget.layout(states: groups.groups.count, edges: edges.count)
    let maximum = edges.map(\.count).max() ?? 0
    let initialGroup = groups.groupOf[graph.initial]

    var rows = [
      "\(FigureText.plural(graph.states.count, "state")) in \(FigureText.plural(groups.groups.count, "group")) (by enum case or type), \(FigureText.plural(graph.transitions.count, "transition"))",
      "edges: how many transitions, their most frequent events (width ∝ count)",
    ]
    if initialGroup != nil { rows.append("● → the group of the initial state") }
    if edges.contains(where: { $0.from == nil }) { rows.append(FigureText.colored("- - → from any state", t.wildcard)) }
    if groups.gathered > 0 {
      rows.append(
        FigureText.colored("\"\(StateGroups.otherName)\": the \(groups.gathered) smallest groups, gathered", t.muted))
    }
    if let note = budget.note(layout, states: groups.groups.count, edges: edges.count) {
      rows.append(FigureText.colored(layout == .summary ? "edges left out: \(note)" : note, t.muted))
    }

    let title = "\(graph.name) — atlas overview"
    var dot = DOTWriter(digraph: title)
    dot.leftToRight(t, nodesep: "0.5", ranksep: "1.0", fast: layout != .full)
    dot.label(FigureText.heading(title, legend: rows, theme: t))
    dot.stateDefaults(t, fill: t.stateFill, border: t.stateBorder)
    dot.transitionDefaults(t, color: t.edge, text: t.text)
    if initialGroup != nil {
      dot.initialPoint(color: t.initial)
    }
    let small = "<font point-size=\"\(t.fontSize - 2)\" color=\"\(DOTText.html(t.muted))\">"
    for (offset, group) in groups.groups.enumerated() {
      var label =
        BoldText.html(group.name, font: t.fontName) + "<br/>\(small)\(FigureText.plural(group.members.count, "state"))"
      if inside[offset] > 0 { label += " · \(inside[offset]) inside" }
      label += "</font>"
      let members =
        group.members.prefix(12).joined(separator: "\n")
        + (group.members.count > 12 ? "\n… and \(group.members.count - 12) more" : "")
      dot.node(
        "g\(offset)",
        [
          DOTWriter.attribute("id", quoted: "group_\(offset)"), "class=\"group\"",
          "label=\(DOTText.htmlLabel(label, orPlain: [group.name, FigureText.plural(group.members.count, "state")]))",
          "tooltip=\(DOTText.tooltip(members))",
        ] + (offset == initialGroup ? ["penwidth=2"] : []))
    }
    if edges.contains(where: { $0.from == nil }) {
      dot.anyState(color: t.wildcard, fill: t.background, box: false)
    }
    if let initialGroup {
      dot.initialEdge(to: "g\(initialGroup)", ["tooltip=\(DOTText.tooltip("initial state: \(graph.initial)"))"])
    }
    if layout != .summary {
      for edge in edges {
        let from = edge.from.map { "g\($0)" } ?? "any"
        let text = [FigureText.plural(edge.count, "transition"), Self.eventSummary(edge.events)]
        var attributes = [
          "id=\(DOTText.quoted("merged_\(edge.from.map(String.init) ?? "any")_\(edge.to)"))",
          "class=\"merged\(edge.from == nil ? " wildcard" : "")\"",
          "\(layout == .full ? "label" : "xlabel")=\(DOTText.lines(text))",
          "tooltip=\(DOTText.tooltip("\(edge.from.map { groups.groups[$0].name } ?? "any state") → \(groups.groups[edge.to].name): \(text.joined(separator: ": "))"))",
          "penwidth=\(FigureText.penwidth(edge.count, maximum: maximum))",
        ]
        if edge.from == nil {
          attributes += [
            "style=dashed", "color=\(DOTText.quoted(t.wildcard))", "fontcolor=\(DOTText.quoted(t.wildcard))",
          ]
        }
        dot.edge(from, "g\(edge.to)", attributes)
      }
    }
    let text = dot.text
    return layout == .full ? LayoutShape.turned(text) : text  // no wider than about 2:1
  }
}
