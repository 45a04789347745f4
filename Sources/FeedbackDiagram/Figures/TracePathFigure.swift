public import FeedbackGraph

/// One recorded run drawn on its system's machine: every move the run made is an edge
/// labelled with its step numbers in order (`#3 tick, #7 tick`); declared transitions the
/// run did not take stay grey; the failing step (`TraceOutcome.failingStep`) is red, and
/// the title carries the failure's message.
///
/// Moves are drawn from the state the run was actually in, so a wildcard transition taken
/// from `yellow` is an edge from `yellow`. A move that matches no declared transition is
/// orange and labelled `undeclared`. Events ignored in a state are listed under it.
///
/// The figure obeys a ``RenderBudget``: past its edges the fast layout; past its states or
/// edges only the run is drawn (the states it went through and its moves, not the rest of
/// the machine), and past them again a summary; the legend says so.
public struct TracePathFigure: Sendable {
  /// The machine to draw on: the graph the trace was recorded against.
  package var graph: SystemGraph
  /// The run.
  package var trace: Trace
  /// Colours and fonts.
  package var theme: Theme
  /// At most this many step numbers are written on one edge; the rest are counted.
  package var stepsPerEdge = 8
  /// At most this many steps are listed in one edge's tooltip; the rest are counted.
  package var stepsPerTooltip = 40
  /// How much drawing the figure may ask of Graphviz.
  package var budget = RenderBudget.standard

  /// A figure of `trace` on `graph`.
  public init(graph: SystemGraph, trace: Trace, theme: Theme = .light) {
    self.graph = graph
    self.trace = trace
    self.theme = theme
  }

  /// One edge the run took: its steps between two states, in order.
  struct Move {
    var from: String
    var to: String
    var undeclared: Bool
    var steps: [TraceStep]
  }

  var moves: [Move] {
    var merged: [String: Move] = [:]
    for step in trace.steps where step.kind == .event || step.kind == .undeclaredTransition {
      guard let from = step.beforeNode, let to = step.afterNode else { continue }
      // A step no transition matched (transition nil) was reduced by a fallback reducer:
      // observed, not undeclared. A transition id the graph does not declare is undeclared.
      let undeclared =
        step.kind == .undeclaredTransition || (step.transition.map { graph.transition($0) == nil } ?? false)
      let key = "\(from)\u{1}\(to)\u{1}\(undeclared)"
      merged[key, default: Move(from: from, to: to, undeclared: undeclared, steps: [])].steps.append(step)
    }
    return merged.keys.sorted().compactMap { merged[$0] }
  }

  /// The position of the failing step, when the outcome names one that is in the trace.
  var failingOffset: Int? {
    trace.header.outcome.failingStep.flatMap { index in trace.steps.firstIndex { $0.index == index } }
  }

  /// The failing step, when the outcome names one that is in the trace.
  var failingStep: TraceStep? {
    failingOffset.map { trace.steps[$0] }
  }

  /// The state the run was in at the failing step (the state after it, for an event step).
  var failingState: String? {
    guard let offset = failingOffset else { return nil }
    return trace.steps[...offset].last { $0.afterNode != nil }?.afterNode
  }

  /// What the state nodes show, gathered in one pass over the steps.
  private struct StateFacts {
    var visited: Set<String> = []
    var ignored: [String: [TraceStep]] = [:]
    var failingState: String?
    var failingStep: TraceStep?
  }

  /// The figure as DOT text.
  ///
  /// - Complexity: O(steps + states + transitions) (plus sorting the edges).
  public var dot: String {
    let t = theme
    let moves = self.moves
    let extra = Set(moves.flatMap { [$0.from, $0.to] }).subtracting(graph.states.map(\.id)).sorted()
    let names = graph.states.map(\.id) + extra
    let index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    var facts = StateFacts(failingState: failingState, failingStep: failingStep)
    for step in trace.steps {
      if let node = step.afterNode { facts.visited.insert(node) }
      if step.kind == .ignoredEvent, let state = step.beforeNode ?? step.afterNode {
        facts.ignored[state, default: []].append(step)
      }
    }
    let failing = facts.failingStep
    let start = trace.steps.first { $0.kind == .initial }?.afterNode ?? graph.initial
    let drawn = Drawn(self, moves: moves, visited: facts.visited.union([start]))
    var dot = DOTWriter(digraph: graph.name + " trace")
    dot.leftToRight(t, nodesep: "0.5", ranksep: "0.8", fast: drawn.layout != .full)
    dot.stateDefaults(t, fill: t.background, border: t.muted)
    dot.transitionDefaults(t, color: t.muted, text: t.muted)
    dot.initialPoint(color: t.path)
    for (offset, name) in names.enumerated() where drawn.includes(name) {
      dot.node(
        DOTText.nodeID(offset),
        stateAttributes(name, offset: offset, declared: offset < graph.states.count, facts: facts))
    }
    // What the run took: declared edges (transition, source, target), the targets each
    // transition reached, and the states each transition was taken from.
    var taken: Set<String> = [], reached: Set<String> = []
    var sources: [TransitionID: Set<String>] = [:]
    for move in moves {
      for id in Set(move.steps.compactMap(\.transition)) {
        sources[id, default: []].insert(move.from)
        guard !move.undeclared else { continue }
        taken.insert("\(id.index)\u{1}\(move.from)\u{1}\(move.to)")
        reached.insert("\(id.index)\u{1}\(move.to)")
      }
    }
    // Declared transitions the run did not take, grey and dashed; a wildcard the run took is
    // drawn from the states it was taken in, and from `any` dotted.
    // (A transition precedence keeps from ever firing is not drawn.)
    var idle:
      [String: (from: String?, to: String, takenElsewhere: Bool, transitions: [TransitionEdge], lines: [String])] =
        [:]
    for (transition, reach) in zip(graph.transitions, graph.reach) where reach.status != .never {
      for target in transition.to {
        var takenElsewhere = false
        if let from = transition.from {
          if taken.contains("\(transition.id.index)\u{1}\(from)\u{1}\(target)") { continue }
        } else {
          takenElsewhere = reached.contains("\(transition.id.index)\u{1}\(target)")
        }
        let key = "\(transition.from ?? "\u{0}*")\u{1}\(target)\u{1}\(takenElsewhere ? 1 : 0)"
        idle[key, default: (transition.from, target, takenElsewhere, [], [])].transitions.append(transition)
        idle[key]!.lines += PrecedenceText.lines(transition, reach, from: nil)
      }
    }
    if drawn.runOnly { idle = [:] }  // past the budget only the run is drawn
    if idle.values.contains(where: { $0.from == nil }) {
      dot.anyState(color: t.muted)
    }
    if drawn.summaryOnly {
      dot.summary(
        "\(graph.name): \(FigureText.plural(drawn.runStates, "state")) and \(FigureText.plural(moves.count, "move")) in this run\nnot drawn as one figure"
      )
    } else if let initial = index[start] {
      dot.edge(
        "initial", DOTText.nodeID(initial),
        ["id=\"initial_edge\"", "class=\"initial path\"", DOTWriter.attribute("color", quoted: t.path), "penwidth=2"])
    }
    for key in idle.keys.sorted() {
      guard let edge = idle[key], let to = index[edge.to] else { continue }
      let from = edge.from.flatMap { index[$0] }.map(DOTText.nodeID) ?? "any"
      let ids = edge.transitions.map { DOTText.transitionID($0.id) }
      let tooltip = edge.transitions.map { transition in
        let from = (sources[transition.id] ?? []).sorted()
        return "\(transition.summary): " + (from.isEmpty ? "not taken" : "taken from \(from.joined(separator: ", "))")
      }.joined(separator: "\n")
      let label = DOTText.lines(edge.lines)
      if edge.takenElsewhere {
        dot.edge(
          from, DOTText.nodeID(to),
          [
            DOTWriter.attribute("id", quoted: "taken_any_" + ids.joined(separator: "-")),
            DOTWriter.attribute(
              "class", quoted: (["transition", "wildcard", "taken-elsewhere"] + ids).joined(separator: " ")),
            "\(drawn.layout == .full ? "label" : "xlabel")=\(label)", "tooltip=\(DOTText.tooltip(tooltip))",
            "style=dotted",
            DOTWriter.attribute("color", quoted: t.path), DOTWriter.attribute("fontcolor", quoted: t.path),
          ])
      } else {
        dot.edge(
          from, DOTText.nodeID(to),
          [
            DOTWriter.attribute("id", quoted: "idle_" + ids.joined(separator: "-")),
            DOTWriter.attribute("class", quoted: (["transition", "not-taken"] + ids).joined(separator: " ")),
            "\(drawn.layout == .full ? "label" : "xlabel")=\(label)", "tooltip=\(DOTText.tooltip(tooltip))",
            "style=dashed",
          ])
      }
    }
    for (offset, move) in moves.enumerated() where !drawn.summaryOnly {
      guard let from = index[move.from], let to = index[move.to] else { continue }
      let failed = failing.map { step in move.steps.contains { $0.index == step.index } } ?? false
      let color = failed ? t.failure : (move.undeclared ? t.undeclared : t.path)
      let ids = Set(move.steps.compactMap(\.transition)).sorted().map(DOTText.transitionID)
      let classes = ["path"] + (move.undeclared ? ["undeclared"] : ids) + (failed ? ["failing"] : [])
      let tooltip =
        move.steps.prefix(stepsPerTooltip).map { "#\($0.index) \(describe($0))" }.joined(separator: "\n")
        + (move.steps.count > stepsPerTooltip ? "\n… +\(move.steps.count - stepsPerTooltip) more" : "")
      dot.edge(
        DOTText.nodeID(from), DOTText.nodeID(to),
        [
          DOTWriter.attribute("id", quoted: "move_\(offset + 1)"),
          DOTWriter.attribute("class", quoted: classes.joined(separator: " ")),
          "\(drawn.layout == .full ? "label" : "xlabel")=\(DOTText.lines(label(move, failing: failing)))",
          "tooltip=\(DOTText.tooltip(tooltip))", DOTWriter.attribute("color", quoted: color),
          DOTWriter.attribute("fontcolor", quoted: color), "penwidth=\(failed ? "2.5" : "2")",
        ])
    }
    let idleEdges = Array(idle.values)
    dot.label(
      FigureText.heading(
        title,
        legend: legendRows(
          notTaken: idleEdges.contains { !$0.takenElsewhere },
          takenElsewhere: idleEdges.contains { $0.takenElsewhere },
          undeclared: moves.contains(where: \.undeclared))
          + (drawn.note.map { [FigureText.colored($0, t.muted)] } ?? []),
        theme: t))
    return dot.text
  }

  /// `TrafficLight · emergencyWhileYellow — failed at step #10` (or `— passed, 6 events`).
  var title: String {
    let name = trace.header.test.map { "\(graph.name) · \($0)" } ?? graph.name
    let events = trace.steps.filter { $0.kind.isEventStep }.count
    switch trace.header.outcome.status {
    case .failed:
      return "\(name) — failed" + (trace.header.outcome.failingStep.map { " at step #\($0)" } ?? "")
    case .passed: return "\(name) — passed, \(FigureText.plural(events, "event"))"
    case .recorded: return "\(name) — \(FigureText.plural(events, "event"))"
    }
  }

  private func label(_ move: Move, failing: TraceStep?) -> [String] {
    var parts = move.steps.prefix(stepsPerEdge).map { step in
      (step.index == failing?.index ? "✗ " : "") + "#\(step.index) \(step.eventNode ?? step.event ?? "?")"
    }
    if move.steps.count > stepsPerEdge { parts.append("… +\(move.steps.count - stepsPerEdge) more") }
    var lines: [String] = []
    for start in stride(from: 0, to: parts.count, by: 3) {
      lines.append(parts[start..<min(start + 3, parts.count)].joined(separator: ", "))
    }
    if move.undeclared { lines.insert("undeclared", at: 0) }
    return lines
  }

  private func describe(_ step: TraceStep) -> String {
    let source = step.feedback.map { "from \(graph.feedbackName($0))" } ?? "sent"
    let via = step.transition.map { " via \(graph.describe($0))" } ?? ""
    return
      "\(step.eventNode ?? step.event ?? "?") (\(source)): \(step.beforeNode ?? "?") → \(step.afterNode ?? "?")\(via)"
  }

  private func stateAttributes(_ name: String, offset: Int, declared: Bool, facts: StateFacts) -> [String] {
    let t = theme
    let small = t.fontSize - 2
    let visited = facts.visited.contains(name)
    var rows = BoldText.html(name, font: t.fontName)
    let ignored = facts.ignored[name] ?? []
    if !ignored.isEmpty {
      let text =
        "ignored: "
        + ignored.prefix(stepsPerEdge).map { "#\($0.index) \($0.eventNode ?? $0.event ?? "?")" }.joined(separator: ", ")
        + (ignored.count > stepsPerEdge ? " … +\(ignored.count - stepsPerEdge)" : "")
      rows += "<br/><font point-size=\"\(small)\" color=\"\(DOTText.html(t.muted))\">\(DOTText.html(text))</font>"
    }
    let failedHere = facts.failingState == name
    if failedHere, let step = facts.failingStep {
      rows +=
        "<br/><font point-size=\"\(small)\" color=\"\(DOTText.html(t.failure))\">✗ failed at #\(step.index)</font>"
    }
    var attributes = [
      "id=\(DOTText.quoted("state_\(offset)"))",
      "class=\(DOTText.quoted("state \(visited ? "visited" : "unvisited")\(failedHere ? " failing" : "")\(declared ? "" : " undeclared")"))",
      "label=<\(rows)>", "tooltip=\(DOTText.tooltip(name))",
    ]
    if failedHere {
      attributes += [
        "color=\(DOTText.quoted(t.failure))", "fillcolor=\(DOTText.quoted(t.uncoveredFill))", "penwidth=2",
      ]
    } else if !declared {
      attributes += ["color=\(DOTText.quoted(t.undeclared))", "penwidth=2"]
    } else if visited {
      attributes += ["color=\(DOTText.quoted(t.path))", "fillcolor=\(DOTText.quoted(t.stateFill))", "penwidth=1.5"]
    }
    return attributes
  }

  private func legendRows(notTaken: Bool, takenElsewhere: Bool, undeclared: Bool) -> [String] {
    let t = theme
    var rows = [
      BoldText.html("Trace", font: t.fontName), FigureText.colored("→ #n event: the run's steps, in order", t.path),
    ]
    if notTaken { rows.append(FigureText.colored("- - → declared, not taken", t.muted)) }
    if takenElsewhere {
      rows.append(FigureText.colored("· · → from any state: taken, drawn from the states it was taken in", t.path))
    }
    if undeclared { rows.append(FigureText.colored("→ undeclared: happened, not declared", t.undeclared)) }
    if let message = trace.header.outcome.message, trace.header.outcome.status == .failed {
      rows.append(FigureText.colored("✗ " + FigureText.firstLine(message), t.failure))
    }
    rows.append(FigureText.colored("\(FigureText.plural(trace.steps.count, "step")) recorded", t.muted))
    return rows
  }
}
