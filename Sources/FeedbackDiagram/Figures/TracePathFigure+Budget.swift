import FeedbackGraph

extension TracePathFigure {
  /// What the budget lets the figure draw (``RenderBudget``): the machine with the run on
  /// it; past the budget only the run (the states it went through and its moves); past it
  /// again, a summary node.
  struct Drawn {
    /// The layout of what is drawn.
    var layout: RenderBudget.Layout
    /// Only the run is drawn, not the rest of the machine.
    var runOnly: Bool
    /// Not even the run: one summary node.
    var summaryOnly: Bool
    /// The states of the run.
    var runStates: Int
    private var visited: Set<String>
    /// What the figure gave up, in words, or `nil`.
    var note: String?

    /// The budget's decision for `figure`, whose run made `moves` through `visited`. The
    /// machine's edges are counted before merging (one per transition target): the
    /// decision comes before any layout.
    init(_ figure: TracePathFigure, moves: [Move], visited: Set<String>) {
      let graph = figure.graph, budget = figure.budget
      let inRun = visited.union(moves.flatMap { [$0.from, $0.to] })
      let states = Set(graph.states.map(\.id)).union(inRun).count
      let edges = graph.transitions.reduce(0) { $0 + $1.to.count } + moves.count
      let machine = budget.layout(states: states, edges: edges)
      let run = budget.layout(states: inRun.count, edges: moves.count)
      self.visited = inRun
      runStates = inRun.count
      runOnly = machine == .summary
      summaryOnly = runOnly && run == .summary
      layout = runOnly ? run : machine
      let size = "\(FigureText.plural(states, "state")), \(FigureText.plural(edges, "edge"))"
      if summaryOnly {
        note = budget.note(.summary, states: inRun.count, edges: moves.count).map { "the run: " + $0 }
      } else if runOnly {
        note =
          "only the run drawn: the machine (\(size)) is too large for one figure; see the atlas (diagram atlas)"
          + (layout == .fast ? "; fast layout" : "")
      } else {
        note = budget.note(machine, states: states, edges: edges)
      }
    }

    /// Whether the state `name` is drawn.
    func includes(_ name: String) -> Bool {
      !summaryOnly && (!runOnly || visited.contains(name))
    }
  }

  /// What the budget made this figure give up, or `nil` when it is drawn in full.
  package var budgetNote: String? {
    let visited = Set(trace.steps.compactMap(\.afterNode))
    let start = trace.steps.first { $0.kind == .initial }?.afterNode ?? graph.initial
    return Drawn(self, moves: moves, visited: visited.union([start])).note
  }
}
