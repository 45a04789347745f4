import FeedbackDiagram

extension TraceRun {
  /// What the render budget made the trace's figures give up, one line each
  /// (`note: Large trace path: only the run drawn: …`), as `diagram trace` prints them on
  /// standard error; empty when both are drawn in full.
  package var budgetNotes: [String] {
    var notes: [String] = []
    if totalSteps > trace.steps.count, let first = trace.steps.first, let last = trace.steps.last {
      notes.append(
        "note: \(graph.name) trace: \(totalSteps) steps, drawn from steps #\(first.index)–#\(last.index) (at most \(Self.maximumSteps))"
      )
    }
    if let note = TracePathFigure(graph: graph, trace: trace, theme: theme).budgetNote {
      notes.append("note: \(graph.name) trace path: \(note)")
    }
    let timeline = TraceTimelineFigure(graph: graph, trace: trace, theme: theme)
    if trace.steps.count > timeline.maximumSteps {
      notes.append(
        "note: \(graph.name) trace timeline: \(timeline.maximumSteps) of \(trace.steps.count) steps drawn (around the failing step, if any)"
      )
    }
    return notes
  }
}
