public import FeedbackCoverage
import FeedbackGraph

/// The coverage figure of a system: its declared machine with what recorded runs
/// exercised.
///
/// - Exercised transitions are solid, labelled `event ×count`, wider the more they fired.
/// - Transitions no run exercised are dashed red, labelled `event ×0`; the tooltip and the
///   legend name each one the way `diagram coverage --min-transitions` lists it
///   (`never exercised: failed —submit→ submitting [form is valid]`; the legend lists the
///   first eight).
/// - A transition with several targets (a computed one) is one edge per target, each with
///   its own count: a target no run reached is dashed red even when the transition fired
///   into another target (`never reached: loading —didLoad→ failed`). Such a transition
///   counts as covered in `k/n transitions` once it reached any of its targets.
/// - States show how often they were entered; a state never entered has a dashed red
///   border. Events ignored in a state are listed under it (`ignored: tick ×3`).
/// - Transitions that happened but are not declared are bold orange, labelled
///   `undeclared: event ×count`.
/// - The title and the legend say `k/n transitions · k/n states`.
/// - Precedence is drawn as in ``StateMachineFigure`` (`PrecedenceText`): `[else]`,
///   `not from offline`; a transition that can never fire is not drawn, the legend counts it.
///
/// A plain-reducer system declares no transitions: the figure then draws the *observed*
/// graph (every edge the runs took, with counts) and says so in its title.
///
/// Deterministic like ``StateMachineFigure``: node ids are indices, edges sorted; every
/// name escaped; `id`, `class` and `tooltip` carried into SVG. The figure obeys a
/// ``RenderBudget`` like ``StateMachineFigure``: past its edges the fast layout, past its
/// states or edges a summary that gives the counts and the uncovered transitions (its
/// legend says so), never minutes of layout.
public struct CoverageFigure: Sendable {
  /// What to draw.
  package var coverage: Coverage
  /// Colours and fonts.
  package var theme: Theme
  /// Above this many edges, the figure switches to the large-graph defaults.
  package var largeGraphEdgeCount = 80
  /// At most this many uncovered transitions and unreached targets are named in the legend;
  /// the rest are counted.
  package var legendListLimit = 8
  /// How much drawing the figure may ask of Graphviz.
  package var budget = RenderBudget.standard

  /// A figure of `coverage`.
  public init(coverage: Coverage, theme: Theme = .light) {
    self.coverage = coverage
    self.theme = theme
  }

  /// One drawn edge: parallel transitions between two nodes with the same status, merged.
  struct Edge {
    enum Status: Int { case covered, uncovered, undeclared, observed }
    var from: String?  // nil: any state
    var to: String
    var status: Status
    /// Per merged transition target or observed edge: the label line, the count, the SVG id
    /// part (`t3`, or `t3_1` for a transition's second target), the class naming the
    /// transition (`t3`), and the tooltip line.
    var lines: [Line]
    var count: Int { lines.reduce(0) { $0 + $1.count } }
  }

  struct Line {
    var text: String
    var count: Int
    var id: String
    var className: String
    var tooltip: String
  }

  var edges: [Edge] {
    var merged: [String: Edge] = [:]
    func add(_ from: String?, _ to: String, _ status: Edge.Status, _ line: Line) {
      let key = "\(from ?? "\u{0}*")\u{1}\(to)\u{1}\(status.rawValue)"
      merged[key, default: Edge(from: from, to: to, status: status, lines: [])].lines.append(line)
    }
    let graph = coverage.graph
    let reach = graph.reach
    // A transition precedence keeps from ever firing is not drawn (the legend counts it).
    for (position, transition) in graph.transitions.enumerated() where reach[position].status != .never {
      let precedence = PrecedenceText.lines(transition, reach[position], from: nil)
      let fired = coverage.transitionHits[position]
      let several = transition.to.count > 1
      for (offset, target) in transition.to.enumerated() {
        // Each target is drawn from its own count: a computed transition may fire and never
        // reach one of its targets.
        let hits = coverage.targetHits[position][offset]
        let text = (["\(precedence[0]) \(FigureText.times(hits))"] + precedence.dropFirst()).joined(separator: "\n")
        let id = DOTText.transitionID(transition.id)
        let summary = several ? transition.summary(to: target) : transition.summary
        let tooltip: String
        if hits > 0 {
          tooltip = "\(summary): exercised \(FigureText.plural(hits, "time"))"
        } else if fired > 0 {
          tooltip = "\(summary): never reached (\(transition.summary) fired \(FigureText.plural(fired, "time")))"
        } else {
          tooltip = "\(summary): never exercised"
        }
        add(
          transition.from, target, hits > 0 ? .covered : .uncovered,
          Line(text: text, count: hits, id: several ? "\(id)_\(offset)" : id, className: id, tooltip: tooltip))
      }
    }
    for (edge, count) in coverage.undeclared.sorted(by: { $0.key < $1.key }) {
      let tooltip = "\(edge.summary): happened \(FigureText.plural(count, "time")), not declared"
      add(
        edge.from, edge.to, .undeclared,
        Line(
          text: "undeclared: \(edge.event) \(FigureText.times(count))", count: count, id: "undeclared",
          className: "undeclared", tooltip: tooltip))
    }
    for (edge, count) in coverage.observed.sorted(by: { $0.key < $1.key }) {
      let tooltip = "\(edge.summary): exercised \(FigureText.plural(count, "time"))"
      let text = graph.declaresTransitions ? "by reducer: \(edge.event)" : edge.event
      add(
        edge.from, edge.to, .observed,
        Line(
          text: "\(text) \(FigureText.times(count))", count: count, id: "observed", className: "observed",
          tooltip: tooltip))
    }
    return merged.keys.sorted().compactMap { merged[$0] }
  }

  /// The states drawn: the graph's, then those the runs entered that it does not declare.
  private var stateNames: [String] {
    let graph = coverage.graph
    let extra = Set(coverage.stateVisits.keys).union(coverage.undeclared.keys.flatMap { [$0.from, $0.to] })
      .union(coverage.observed.keys.flatMap { [$0.from, $0.to] })
      .subtracting(graph.states.map(\.id)).sorted()
    return graph.states.map(\.id) + extra
  }

  /// What the budget made this figure give up, or `nil` when it is drawn in full.
  package var budgetNote: String? {
    let states = stateNames.count, edges = self.edges.count
    return budget.note(budget.layout(states: states, edges: edges), states: states, edges: edges)
  }

  /// The figure as DOT text.
  public var dot: String {
    let graph = coverage.graph
    let t = theme
    let names = stateNames
    let index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    let edges = self.edges
    let layout = budget.layout(states: names.count, edges: edges.count)
    let large = edges.count > largeGraphEdgeCount || layout != .full
    let maximum = edges.map(\.count).max() ?? 0
    var rows = legendRows
    if let note = budget.note(layout, states: names.count, edges: edges.count) {
      rows.append(FigureText.colored(note, t.muted))
    }
    var dot = DOTWriter(digraph: graph.name + " coverage")
    dot.leftToRight(t, nodesep: "0.5", ranksep: "0.8", fast: large)
    dot.stateDefaults(t, fill: t.stateFill, border: t.stateBorder)
    dot.transitionDefaults(t, color: t.edge, text: t.text)
    guard layout != .summary else {
      // Not drawn: the title gives the fractions, the legend the uncovered transitions and why.
      dot.summary(
        "\(graph.name): \(FigureText.plural(names.count, "state")), \(FigureText.plural(edges.count, "edge"))\nnot drawn as one figure"
      )
      dot.label(FigureText.heading(title, legend: rows, theme: t))
      return dot.text
    }
    dot.initialPoint(color: t.initial)
    for (offset, name) in names.enumerated() {
      dot.node(DOTText.nodeID(offset), stateAttributes(name, declared: offset < graph.states.count, offset: offset))
    }
    if edges.contains(where: { $0.from == nil }) {
      dot.anyState(color: t.wildcard, fill: t.background)
    }
    if let initial = index[graph.initial] {
      dot.initialEdge(to: DOTText.nodeID(initial))
    }
    var undeclaredCount = 0, observedCount = 0
    for edge in edges {
      guard let to = index[edge.to] else { continue }
      let from = edge.from.flatMap { index[$0] }.map(DOTText.nodeID) ?? "any"
      let id: String
      switch edge.status {
      case .covered, .uncovered: id = "edge_" + edge.lines.map(\.id).joined(separator: "-")
      case .undeclared: undeclaredCount += 1; id = "undeclared_\(undeclaredCount)"
      case .observed: observedCount += 1; id = "observed_\(observedCount)"
      }
      let status = ["covered", "uncovered", "undeclared", "observed"][edge.status.rawValue]
      let classes =
        ([status == "undeclared" || status == "observed" ? status : "transition \(status)"]
        + (edge.status.rawValue <= 1 ? edge.lines.map(\.className) : []) + (edge.from == nil ? ["wildcard"] : []))
        .joined(separator: " ")
      let tooltip = edge.lines.map(\.tooltip).joined(separator: "\n")
      var attributes = [
        "id=\(DOTText.quoted(id))", "class=\(DOTText.quoted(classes))",
        "\(large ? "xlabel" : "label")=\(DOTText.lines(edge.lines.map(\.text)))", "tooltip=\(DOTText.tooltip(tooltip))",
      ]
      switch edge.status {
      case .covered, .observed:
        attributes.append("penwidth=\(FigureText.penwidth(edge.count, maximum: maximum))")
        if edge.from == nil {
          attributes += ["color=\(DOTText.quoted(t.wildcard))", "fontcolor=\(DOTText.quoted(t.wildcard))"]
        }
      case .uncovered:
        attributes += [
          "style=dashed", "color=\(DOTText.quoted(t.uncovered))", "fontcolor=\(DOTText.quoted(t.uncovered))",
        ]
      case .undeclared:
        attributes += [
          "style=bold", "penwidth=2.5", "color=\(DOTText.quoted(t.undeclared))",
          "fontcolor=\(DOTText.quoted(t.undeclared))",
        ]
      }
      dot.edge(from, DOTText.nodeID(to), attributes)
    }
    dot.label(FigureText.heading(title, legend: rows, theme: t))
    let text = dot.text
    return large ? text : LayoutShape.turned(text)
  }

  /// `TrafficLight — coverage: 3/4 transitions · 3/3 states`, or, for a plain reducer,
  /// `Counter — observed (no declared transitions): 2 edges · 1/1 states`.
  var title: String {
    let graph = coverage.graph
    if !graph.declaresTransitions {
      return
        "\(graph.name) — observed (no declared transitions): \(FigureText.plural(coverage.observed.count, "edge")) · \(coverage.stateFraction) states"
    }
    return "\(graph.name) — coverage: \(coverage.transitionFraction) transitions · \(coverage.stateFraction) states"
  }

  /// The legend's rows: only what the figure shows. The title already gives the fractions,
  /// so the legend does not repeat them.
  private var legendRows: [String] {
    let t = theme
    var rows: [String] = []
    if coverage.graph.declaresTransitions {
      rows.append("——— exercised (width ∝ count)")
      let missing =
        coverage.uncovered.map { "never exercised: \($0.summary)" }
        + coverage.unreachedTargets.map { "never reached: \($0.transition.summary(to: $0.target))" }
      if !missing.isEmpty { rows.append(FigureText.colored("- - - never exercised", t.uncovered)) }
      if coverage.graph.transitions.contains(where: { $0.to.count > 1 }) {
        rows.append("several targets: one edge each, with its own count;")
        rows.append("the transition is covered once any target is reached")
      }
      rows += missing.prefix(legendListLimit).map { FigureText.colored($0, t.uncovered) }
      if missing.count > legendListLimit {
        rows.append(
          FigureText.colored("… and \(missing.count - legendListLimit) more (see the edges' tooltips)", t.uncovered))
      }
    } else {
      rows.append("——— observed (width ∝ count)")
    }
    if !coverage.undeclared.isEmpty {
      rows.append(FigureText.colored("━━━ undeclared: happened, not declared", t.undeclared))
    }
    rows += PrecedenceText.legendRows(coverage.graph, theme: t)
    if coverage.graph.states.contains(where: { coverage.visits($0.id) == 0 }) {
      rows.append(FigureText.colored("dashed red border: never entered", t.uncovered))
    }
    rows.append(
      FigureText.colored(
        "\(FigureText.plural(coverage.traces, "trace")), \(FigureText.plural(coverage.steps, "step"))", t.muted))
    return rows
  }

  private func stateAttributes(_ name: String, declared: Bool, offset: Int) -> [String] {
    let t = theme
    let visits = coverage.visits(name)
    let small = t.fontSize - 2
    var rows = BoldText.html(name, font: t.fontName)
    if name == coverage.graph.initial {
      rows = "<font point-size=\"\(t.fontSize - 3)\" color=\"\(DOTText.html(t.muted))\">initial</font><br/>" + rows
    }
    rows +=
      "<br/><font point-size=\"\(small)\" color=\"\(DOTText.html(visits == 0 ? t.uncovered : t.muted))\">\(FigureText.plural(visits, "visit"))</font>"
    let ignored = coverage.ignoredEvents(in: name)
    if !ignored.isEmpty {
      let text = "ignored: " + ignored.map { "\($0.event) \(FigureText.times($0.count))" }.joined(separator: ", ")
      rows += "<br/><font point-size=\"\(small)\" color=\"\(DOTText.html(t.muted))\">\(DOTText.html(text))</font>"
    }
    if !declared {
      rows += "<br/><font point-size=\"\(small)\" color=\"\(DOTText.html(t.undeclared))\">not in the graph</font>"
    }
    var tooltip = "\(name): entered \(FigureText.plural(visits, "time"))"
    if !ignored.isEmpty {
      tooltip += "; ignored " + ignored.map { "\($0.event) \(FigureText.times($0.count))" }.joined(separator: ", ")
    }
    var attributes = [
      "id=\(DOTText.quoted("state_\(offset)"))",
      "class=\(DOTText.quoted("state \(visits == 0 ? "unvisited" : "visited")\(declared ? "" : " undeclared")"))",
      "label=\(DOTText.htmlLabel(rows, orPlain: [name, FigureText.plural(visits, "visit")]))",
      "tooltip=\(DOTText.tooltip(tooltip))",
    ]
    if !declared {
      attributes += ["style=\"rounded,filled,bold\"", "color=\(DOTText.quoted(t.undeclared))"]
    } else if visits == 0 {
      attributes += [
        "style=\"rounded,filled,dashed\"", "color=\(DOTText.quoted(t.uncovered))",
        "fillcolor=\(DOTText.quoted(t.uncoveredFill))",
      ]
    }
    return attributes
  }
}
