import FeedbackDiagram

extension CoverageRun {
  /// What the render budget made the coverage figures give up, one line per system
  /// (`note: Large coverage figure: not drawn: …`), as `diagram coverage` prints them on
  /// standard error; empty when every figure is drawn in full.
  package var budgetNotes: [String] {
    coverages.compactMap { coverage in
      CoverageFigure(coverage: coverage, theme: theme).budgetNote.map {
        "note: \(coverage.graph.name) coverage figure: \($0)"
      }
    }
  }
}
