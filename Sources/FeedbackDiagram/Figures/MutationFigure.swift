package import FeedbackGraph

/// The mutation figure of a system: its declared machine with the mutants the tests let
/// survive marked on the transitions they change (`diagram mutate` writes it as
/// `<System>.mutants.{dot,svg,png}`).
///
/// - A transition with surviving mutants is bold red, labelled `event` and `survived ×n`;
///   its tooltip names each survivor (`Uploader: waiting —retry→ idle (was uploading)`).
/// - Every other transition is drawn plain: its mutants were killed, equivalent, or none.
/// - Survivors that change a feedback, not a transition, are listed in the legend.
/// - The title says `k/n killed · score s`.
///
/// Deterministic: node ids are indices, edges in declaration order; every name escaped;
/// `id`, `class` and `tooltip` carried into SVG.
package struct MutationFigure: Sendable {
  /// The system drawn.
  package var graph: SystemGraph
  /// The mutants no test killed.
  package var survivors: [Mutant]
  /// How many mutants the tests killed.
  package var killed: Int
  /// How many mutants were equivalent (left out of the score).
  package var equivalent: Int
  /// Colours and fonts.
  package var theme: Theme
  /// At most this many feedback survivors are named in the legend.
  package var legendListLimit = 8

  /// A figure of `graph` with its `survivors`.
  package init(graph: SystemGraph, survivors: [Mutant], killed: Int, equivalent: Int = 0, theme: Theme = .light) {
    self.graph = graph
    self.survivors = survivors
    self.killed = killed
    self.equivalent = equivalent
    self.theme = theme
  }

  /// `Uploader — mutants: 20/21 killed · score 0.95 · 1 equivalent`.
  var title: String {
    let scored = killed + survivors.count
    let score = scored == 0 ? "1.00" : FigureText.number(Double(killed) / Double(scored), decimals: 2)
    let suffix = equivalent > 0 ? " · \(equivalent) equivalent" : ""
    return "\(graph.name) — mutants: \(killed)/\(scored) killed · score \(score)\(suffix)"
  }

  /// The figure as DOT text.
  package var dot: String {
    let t = theme
    let index = Dictionary(graph.states.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    var byTransition: [TransitionID: [Mutant]] = [:]
    for mutant in survivors {
      for id in Set([mutant.transition, mutant.otherTransition].compactMap { $0 }) {
        byTransition[id, default: []].append(mutant)
      }
    }
    var dot = DOTWriter(digraph: graph.name + " mutants")
    dot.leftToRight(t, nodesep: "0.5", ranksep: "0.8")
    dot.stateDefaults(t, fill: t.stateFill, border: t.stateBorder)
    dot.transitionDefaults(t, color: t.edge, text: t.text)
    dot.initialPoint(color: t.initial)
    for (offset, state) in graph.states.enumerated() {
      dot.node(
        DOTText.nodeID(offset),
        [
          DOTWriter.attribute("id", quoted: "state_\(offset)"), "class=\"state\"",
          DOTWriter.attribute("label", quoted: state.id), "tooltip=\(DOTText.tooltip(state.id))",
        ])
    }
    if graph.transitions.contains(where: { $0.from == nil }) {
      dot.anyState(color: t.wildcard, fill: t.background)
    }
    if let initial = index[graph.initial] {
      dot.initialEdge(to: DOTText.nodeID(initial))
    }
    for transition in graph.transitions {
      let from = transition.from.flatMap { index[$0] }.map(DOTText.nodeID) ?? "any"
      let id = DOTText.transitionID(transition.id)
      let event = transition.event ?? "any event"
      let survived = byTransition[transition.id] ?? []
      for (offset, target) in transition.to.enumerated() {
        guard let to = index[target] else { continue }
        let edgeID = transition.to.count > 1 ? "\(id)_\(offset)" : id
        var attributes = ["id=\(DOTText.quoted("edge_\(edgeID)"))"]
        if survived.isEmpty {
          attributes += [
            "class=\(DOTText.quoted("transition killed \(id)"))", "label=\(DOTText.lines([event]))",
            "tooltip=\(DOTText.tooltip("\(transition.summary): no surviving mutant"))",
          ]
        } else {
          let tooltip = ["\(transition.summary): survived"] + survived.map { "  \($0.name)" }
          attributes += [
            "class=\(DOTText.quoted("transition survived \(id)"))",
            "label=\(DOTText.lines([event, "survived \(FigureText.times(survived.count))"]))",
            "tooltip=\(DOTText.tooltip(tooltip.joined(separator: "\n")))", "style=bold", "penwidth=2.5",
            "color=\(DOTText.quoted(t.uncovered))", "fontcolor=\(DOTText.quoted(t.uncovered))",
          ]
        }
        dot.edge(from, DOTText.nodeID(to), attributes)
      }
    }
    dot.label(FigureText.heading(title, legend: legendRows, theme: t))
    return LayoutShape.turned(dot.text)
  }

  /// The legend: what the marks mean, then the survivors of feedbacks, which no edge shows.
  private var legendRows: [String] {
    let t = theme
    var rows = ["——— no surviving mutant"]
    if survivors.contains(where: { $0.transition != nil }) {
      rows.append(FigureText.colored("━━━ survived: no test noticed a mutant of it", t.uncovered))
    }
    let others = survivors.filter { $0.transition == nil }.map(\.name)
    rows += others.prefix(legendListLimit).map { FigureText.colored("survived: \($0)", t.uncovered) }
    if others.count > legendListLimit {
      rows.append(FigureText.colored("… and \(others.count - legendListLimit) more", t.uncovered))
    }
    return rows
  }
}
