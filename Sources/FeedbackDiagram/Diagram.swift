public import FeedbackGraph
public import Foundation

/// The figures a system can be drawn as.
public enum Figure: String, CaseIterable, Sendable {
  /// States and transitions (``StateMachineFigure``).
  case states
  /// The feedback loop as a cycle (``LoopFigure``).
  case loop
}

/// The files a figure can be written as.
public enum OutputFormat: String, CaseIterable, Sendable {
  case svg, png, pdf, dot, mmd, json

  /// Whether Graphviz renders this format (the others are text made here).
  package var isRendered: Bool { self == .svg || self == .png || self == .pdf }
}

/// Draws systems: DOT, Mermaid, JSON, and SVG/PNG/PDF rendered in process.
///
/// ```swift
/// let svg = try Diagram.render(TrafficLight.system.graph, figure: .states, as: .svg)
/// ```
public enum Diagram {
  /// The DOT text of a figure of `graph`.
  public static func dot(_ graph: SystemGraph, figure: Figure, theme: Theme = .light) -> String {
    switch figure {
    case .states: StateMachineFigure(graph: graph, theme: theme).dot
    case .loop: LoopFigure(graph: graph, theme: theme).dot
    }
  }

  /// A figure of `graph` in `format`. `mmd` is the state machine in Mermaid (whatever the
  /// figure); `json` is the graph itself, which `diagram render --graph` reads back.
  ///
  /// - Throws: ``DiagramError/badTheme(path:reason:)`` for a theme that fails
  ///   ``Theme/validate(source:)`` and ``DiagramError/badGraph(_:)`` for a graph that fails
  ///   `checkCoherence`, before Graphviz sees them; ``DiagramError/graphviz(_:)``.
  public static func render(_ graph: SystemGraph, figure: Figure, as format: OutputFormat, theme: Theme = .light) throws
    -> Data
  {
    if format != .mmd, format != .json { try theme.validate() }
    do {
      // The name as a Swift literal: escaped, so that the message stays on one line.
      try graph.checkCoherence(source: String(graph.name.prefix(60)).debugDescription)
    } catch {
      throw DiagramError.badGraph("\(error)")
    }
    switch format {
    case .dot: return Data(dot(graph, figure: figure, theme: theme).utf8)
    case .mmd: return Data(MermaidWriter.text(for: graph).utf8)
    case .json: return try graph.jsonData()
    case .svg, .png, .pdf:
      return try GraphvizRenderer.shared.render(dot: dot(graph, figure: figure, theme: theme), format: format.rawValue)
    }
  }
}
