public import FeedbackGraph

/// The loop figure of a system, drawn as a cycle: the initial state enters the state; the
/// state feeds every feedback (each a node with what it watches and what it emits); their
/// events go to the transitions (or reducer), which compute the new state.
///
/// Like the state-machine figure it is deterministic, and names are escaped.
public struct LoopFigure: Sendable {
  /// The graph to draw.
  package var graph: SystemGraph
  /// Colours and fonts.
  package var theme: Theme

  /// A figure of `graph`.
  public init(graph: SystemGraph, theme: Theme = .light) {
    self.graph = graph
    self.theme = theme
  }

  /// The figure as DOT text.
  public var dot: String {
    let t = theme
    let font = DOTText.quoted(t.fontName)
    let small = t.fontSize - 2
    let muted = DOTText.html(t.muted)
    var dot = DOTWriter(digraph: graph.name + " loop")
    dot.graph([
      "rankdir=TB", DOTWriter.attribute("bgcolor", quoted: t.background), "fontname=\(font)",
      DOTWriter.attribute("fontcolor", quoted: t.text), "pad=0.3", "nodesep=0.6", "ranksep=0.6",
      DOTWriter.attribute("label", quoted: "\(graph.name): the feedback loop"), "labelloc=t",
      "fontsize=\(t.fontSize + 4)",
    ])
    dot.nodeDefaults([
      "fontname=\(font)", DOTWriter.attribute("fontcolor", quoted: t.text), "fontsize=\(t.fontSize)",
      "style=\"rounded,filled\"", "shape=box",
    ])
    dot.edgeDefaults([
      DOTWriter.attribute("color", quoted: t.edge), "fontname=\(font)",
      DOTWriter.attribute("fontcolor", quoted: t.muted),
      "fontsize=\(small)",
    ])
    let initialLabel = DOTText.htmlLabel(
      "<font color=\"\(muted)\" point-size=\"\(small)\">initial state</font><br/>\(BoldText.html(graph.initial, font: t.fontName))",
      orPlain: ["initial state", graph.initial])
    dot.node(
      "initial",
      [
        "id=\"loop_initial\"", "class=\"initial\"", "shape=note", "style=filled",
        DOTWriter.attribute("fillcolor", quoted: t.legendFill), DOTWriter.attribute("color", quoted: t.legendBorder),
        "label=\(initialLabel)",
      ])
    // The state node says "State" once: its cases under it, unless the only one is "State".
    let names = graph.states.map(\.id)
    let cases =
      names == ["State"]
      ? ""
      : "<br/><font point-size=\"\(small)\" color=\"\(muted)\">\(Self.stateList(names))</font>"
    let stateLabel = DOTText.htmlLabel(
      "\(BoldText.html("State", font: t.fontName))\(cases)",
      orPlain: ["State"] + (names == ["State"] ? [] : [names.prefix(Self.stateListLimit).joined(separator: ", ")]))
    dot.node(
      "state",
      [
        "id=\"loop_state\"", "class=\"state\"", "shape=box", DOTWriter.attribute("fillcolor", quoted: t.stateFill),
        DOTWriter.attribute("color", quoted: t.stateBorder), "penwidth=1.5", "label=\(stateLabel)",
      ])
    let reducerTitle = graph.declaresTransitions ? "Transitions" : "Reducer"
    let reducerDetail = graph.declaresTransitions ? "\(graph.transitions.count) declared" : "reduce(state, event)"
    dot.node(
      "reducer",
      [
        "id=\"loop_reducer\"", "class=\"reducer\"", "shape=box",
        DOTWriter.attribute("fillcolor", quoted: t.reducerFill),
        DOTWriter.attribute("color", quoted: t.reducerBorder),
        "label=<\(BoldText.html(reducerTitle, font: t.fontName))<br/><font point-size=\"\(small)\" color=\"\(muted)\">\(reducerDetail)</font>>",
      ])
    dot.edge("initial", "state", ["id=\"loop_start\"", "style=dashed"])
    if graph.feedbacks.isEmpty {
      dot.node(
        "none",
        [
          "id=\"loop_no_feedback\"", "shape=box", "style=\"rounded,dashed\"",
          DOTWriter.attribute("color", quoted: t.legendBorder), "label=\"no feedbacks\\n(events come from send)\"",
        ])
      dot.edge("state", "none", ["style=dashed"])
      dot.edge("none", "reducer", ["label=\"events\"", "style=dashed"])
    }
    dot.sameRank((0..<graph.feedbacks.count).map { "f\($0)" })
    for (offset, feedback) in graph.feedbacks.enumerated() {
      let emits = feedback.emits.isEmpty ? "—" : feedback.emits.joined(separator: ", ")
      // (Past Graphviz's 16 KB for one HTML-like label: the same lines, unformatted.)
      // A strategy only for the kinds that have one (inputs, mediators and feedbacks over
      // the stream of states start no effect per state: their graph node has none).
      let strategyLine = feedback.strategy.map {
        "<br/><font point-size=\"\(small - 1)\" color=\"\(muted)\">\(DOTText.html($0))</font>"
      }
      // An input watches no state: a source of events from outside, drawn without an edge
      // from the state, on the feedbacks' rank.
      let watchesLine =
        feedback.isInput ? "input: \(feedback.watches), watches no state" : "watches: \(feedback.watches)"
      let label = DOTText.htmlLabel(
        BoldText.html(feedback.name, font: t.fontName) + "<br/>"
          + "<font point-size=\"\(small)\" color=\"\(muted)\">\(DOTText.html(watchesLine))</font><br/>"
          + "<font point-size=\"\(small)\" color=\"\(muted)\">emits: \(DOTText.html(emits))</font>"
          + (strategyLine ?? ""),
        orPlain: [feedback.name, watchesLine, "emits: \(emits)"]
          + (feedback.strategy.map { [$0] } ?? []))
      dot.node(
        "f\(offset)",
        [
          DOTWriter.attribute("id", quoted: "feedback_\(offset)"),
          feedback.isInput ? "class=\"feedback input\"" : "class=\"feedback\"",
          DOTWriter.attribute("fillcolor", quoted: t.feedbackFill),
          DOTWriter.attribute("color", quoted: t.feedbackBorder),
          "label=\(label)", "tooltip=\(DOTText.tooltip("\(feedback.isInput ? "input" : "feedback") \(feedback.name)"))",
        ] + (feedback.isInput ? ["style=\"rounded,filled,dashed\""] : []))
      if !feedback.isInput {
        dot.edge("state", "f\(offset)", [DOTWriter.attribute("id", quoted: "watch_\(offset)"), "label=\"state\""])
      }
      dot.edge(
        "f\(offset)", "reducer",
        [
          DOTWriter.attribute("id", quoted: "emit_\(offset)"),
          "label=\(DOTText.lines(feedback.emits.isEmpty ? ["events"] : feedback.emits))",
        ])
    }
    dot.node(
      "send",
      [
        "id=\"loop_send\"", "class=\"input\"", "shape=plaintext", "style=\"\"", "label=\"send(event)\"",
        DOTWriter.attribute("fontcolor", quoted: t.muted),
      ])
    dot.edge("send", "reducer", ["style=dotted"])
    dot.edge(
      "reducer", "state",
      [
        "id=\"loop_new_state\"", "label=\"new state\"", DOTWriter.attribute("color", quoted: t.reducerBorder),
        "penwidth=1.5", "constraint=false",
      ])
    return dot.text
  }

  /// The state node's list, HTML-like: every name of a small machine; past
  /// ``stateListLimit`` names, its enum cases with their counts (``StateGroups``), four to
  /// a line, at most ``stateListLimit`` of them, and the total, so that a 200-state
  /// machine's loop figure stays as narrow as a small one's.
  static func stateList(_ names: [String]) -> String {
    guard names.count > stateListLimit else { return DOTText.html(names.joined(separator: ", ")) }
    let groups = StateGroups(states: names).groups
    var items = groups.prefix(stateListLimit).map { DOTText.html("\($0.name) (\($0.members.count))") }
    if groups.count > stateListLimit { items.append("+\(groups.count - stateListLimit) more cases") }
    let lines = stride(from: 0, to: items.count, by: 4).map {
      items[$0..<min($0 + 4, items.count)].joined(separator: ", ")
    }
    return lines.joined(separator: ",<br/>") + "<br/>\(names.count) states"
  }

  /// The most names (or cases) the state node lists.
  static let stateListLimit = 8
}
