package import FeedbackDiagram
package import FeedbackGraph
package import Foundation

extension TraceRun {
  /// The most steps the trace viewer page holds: a longer trace's page shows a window of
  /// this many (around the failing step, if any), and says so. More than the figures keep
  /// (``maximumSteps``): the page renders only what is visible.
  package static let viewerMaximumSteps = 200_000

  /// The trace viewer page (``TraceViewerPage``), `<stem>.trace.html`, beside the trace's
  /// figures. A trace longer than the figures' window is read again for it, keeping up to
  /// ``viewerMaximumSteps`` steps.
  package func viewerFile(recorded: [String: String] = [:]) throws -> (name: String, data: Data) {
    var shown = trace
    if totalSteps > trace.steps.count {
      shown = try Self.read(path, limit: Self.viewerMaximumSteps).trace
    }
    let page = TraceViewerPage(graph: graph, trace: shown, theme: theme, totalSteps: totalSteps)
    return (page.fileName(stem: systemStem(recorded: recorded)), Data(try page.render().utf8))
  }

  /// `file:///…/Diagrams/TrafficLight.emergencyWhileYellow.trace.html#step=10`: the page in
  /// `folder` opened at its first step, or its failing step.
  package func viewerLink(in folder: String, recorded: [String: String] = [:]) -> String {
    let page = TraceViewerPage(graph: graph, trace: trace, theme: theme)
    let url = URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent(
      page.fileName(stem: systemStem(recorded: recorded)))
    return url.absoluteString + (page.openingStep.map { "#step=\($0)" } ?? "")
  }
}

extension TraceRun {
  /// A trace viewer page for each trace `diagram explore` writes (a finding's path, a
  /// covering path), named `<stem>.<test>.trace.html` like `diagram trace`'s pages, so that
  /// the report page links them; a name already taken gains `-2`, `-3`, ….
  ///
  /// Each is drawn on the graph its header carries, else on the registered system of its
  /// name.
  ///
  /// - Throws: ``DiagramCLIError/traces(_:)`` for a trace with neither;
  ///   ``DiagramCLIError/invalid(_:)`` when the figure cannot be rendered.
  package static func viewerFiles(
    for traces: [(file: String, trace: Trace)], registered: [SystemGraph], recorded: [String: String] = [:],
    theme: Theme = .light
  ) throws -> [(name: String, data: Data)] {
    var taken: Set<String> = []
    return try traces.map { file, trace in
      guard let graph = trace.header.graph ?? registered.first(where: { $0.name == trace.header.system }) else {
        throw DiagramCLIError.traces(
          "\(file): \(trace.header.system) is not a registered system and the trace carries no graph to draw it on")
      }
      let page = TraceViewerPage(graph: graph, trace: trace, theme: theme)
      let stem = recorded[graph.name] ?? OutputNames.stems(for: [graph.name], recorded: recorded)[0]
      let base = String(page.fileName(stem: stem).dropLast(".trace.html".count))
      let name = SafeFileName.unique(base, taken: &taken) + ".trace.html"
      do {
        return (name, Data(try page.render().utf8))
      } catch let error as DiagramError {
        throw DiagramCLIError.invalid(error)
      }
    }
  }
}
