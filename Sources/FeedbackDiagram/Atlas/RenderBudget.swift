/// How much drawing a figure may ask of Graphviz, decided *before* layout.
///
/// libgvc cannot be interrupted once a layout starts, so no render is stopped by a timer:
/// the budget predicts from the figure's size which layout will finish in time, and the
/// figure says what it gave up (a caption in the figure, a line from the CLI).
///
/// Measured on this project's 2-core Linux machine with Graphviz 2.43 (`dot`, SVG):
/// - with edge labels as `label`, `dot` spends ~440 s on a 200-state / 600-edge machine;
///   past ``labelledEdges`` edges the figure uses the *fast layout* (labels as `xlabel`s
///   placed after layout, straight edges, small network-simplex and crossing budgets):
///   ~2 s for that machine;
/// - the fast layout still grows faster than linearly; past ``figureStates`` states or
///   ``figureEdges`` edges one figure is not drawn at all: a small *summary* figure says
///   how big the machine is and points at the atlas (``Atlas``), whose figures stay small.
public struct RenderBudget: Hashable, Sendable {
  /// Above this many drawn (merged) edges: the fast layout.
  public var labelledEdges: Int
  /// Above this many states: the summary instead of the figure.
  public var figureStates: Int
  /// Above this many drawn (merged) edges: the summary instead of the figure.
  public var figureEdges: Int

  /// A budget with the given limits.
  public init(labelledEdges: Int = 80, figureStates: Int = 300, figureEdges: Int = 900) {
    self.labelledEdges = labelledEdges
    self.figureStates = figureStates
    self.figureEdges = figureEdges
  }

  /// The limits measured for this project (see the type's documentation).
  public static let standard = RenderBudget()

  /// What a figure of a given size gets.
  package enum Layout: String, Hashable, Sendable {
    /// Everything: labels laid out with the edges, splines, the full legend.
    case full
    /// Labels placed after layout, straight edges, small layout budgets.
    case fast
    /// No drawing of the machine: a summary that says so.
    case summary
  }

  /// The layout for a figure of `states` nodes and `edges` drawn edges.
  package func layout(states: Int, edges: Int) -> Layout {
    if states > figureStates || edges > figureEdges { return .summary }
    return edges > labelledEdges ? .fast : .full
  }

  /// The sentence a figure and the CLI show for `layout`, or `nil` for ``Layout/full``:
  /// `fast layout: 600 edges > 80 (labels placed after layout, straight edges)`.
  package func note(_ layout: Layout, states: Int, edges: Int) -> String? {
    switch layout {
    case .full:
      return nil
    case .fast:
      return
        "fast layout: \(FigureText.plural(edges, "edge")) > \(labelledEdges) (labels placed after layout, straight edges)"
    case .summary:
      let reason =
        states > figureStates
        ? "\(FigureText.plural(states, "state")) > \(figureStates)"
        : "\(FigureText.plural(edges, "edge")) > \(figureEdges)"
      return "not drawn: \(reason), too large for one figure; see the atlas (diagram atlas)"
    }
  }
}
