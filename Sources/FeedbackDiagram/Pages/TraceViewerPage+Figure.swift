import FeedbackGraph
import Foundation

extension TraceViewerPage {
  /// The states figure as the page shows it: inline SVG, and the ids its script highlights.
  struct InlineFigure {
    var svg: String
    var ids: TraceViewerData.FigureIDs
    /// Whether the machine is drawn (not a summary that says it is too large).
    var drawn: Bool
    /// The budget's note (`fast layout: …`, `not drawn: …`), if any.
    var note: String?
  }

  /// The system's ``StateMachineFigure``, rendered to SVG, with the ids it gives its states
  /// (`state_<n>`, n the state's position in the graph) and edges (`edge_t3-t5`: the merged
  /// transitions), so that the script can find the node and the edge of each step.
  func figure() throws -> InlineFigure {
    var figure = StateMachineFigure(graph: graph, theme: theme)
    figure.budget = budget
    let edges = figure.edges
    let layout = budget.layout(states: graph.states.count, edges: edges.count)
    var ids = TraceViewerData.FigureIDs()
    if layout != .summary {
      for (offset, state) in graph.states.enumerated() where ids.states[state.id] == nil {
        ids.states[state.id] = offset
      }
      let states = Set(graph.states.map(\.id))
      ids.initialEdge = states.contains(graph.initial)
      for edge in edges where states.contains(edge.to) && (edge.from.map(states.contains) ?? true) {
        let id = "edge_" + edge.transitions.map { DOTText.transitionID($0.id) }.joined(separator: "-")
        for transition in edge.transitions {
          ids.edges["\(transition.id.index)\u{1}\(edge.from ?? "*")\u{1}\(edge.to)", default: id] = id
        }
      }
    }
    let svg = try GraphvizRenderer.shared.render(dot: figure.dot, format: "svg")
    return InlineFigure(
      svg: Self.inline(String(decoding: svg, as: UTF8.self)), ids: ids, drawn: layout != .summary,
      note: budget.note(layout, states: graph.states.count, edges: edges.count))
  }

  /// Graphviz's SVG document as an element inside HTML: from `<svg` on (no XML declaration
  /// or doctype), without comments (Graphviz writes names into them, escaped, but a page
  /// needs none), with `id="tv-svg"` so that the script finds it.
  static func inline(_ document: String) -> String {
    guard let start = document.range(of: "<svg") else { return "" }
    var out = ""
    var rest = document[start.lowerBound...]
    while let open = rest.range(of: "<!--") {
      out += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].range(of: "-->") else {
        rest = rest[rest.endIndex...]
        break
      }
      rest = rest[close.upperBound...]
    }
    out += rest
    return out.replacingOccurrences(of: "<svg ", with: "<svg id=\"tv-svg\" ", options: [.anchored])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
