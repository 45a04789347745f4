public import Foundation

extension Diagram {
  /// Writes DOT text that a figure made (``CoverageFigure/dot``,
  /// ``TracePathFigure/dot``, ``TraceTimelineFigure/dot``) as `format`: the text itself
  /// for `dot`, rendered by Graphviz with the layout `engine` for `svg`, `png` and `pdf`.
  ///
  /// - Throws: ``DiagramError/unknown(kind:name:known:)`` for `mmd` and `json`, which
  ///   only the state machine has; Graphviz's errors from ``GraphvizRenderer``.
  public static func render(dot: String, engine: String = "dot", as format: OutputFormat) throws -> Data {
    switch format {
    case .dot: Data(dot.utf8)
    case .svg, .png, .pdf: try GraphvizRenderer.shared.render(dot: dot, format: format.rawValue, engine: engine)
    case .mmd, .json:
      throw DiagramError.unknown(
        kind: "format for this figure", name: format.rawValue, known: ["svg", "png", "pdf", "dot"])
    }
  }
}
