import FeedbackDiagram
import FeedbackGraph
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
