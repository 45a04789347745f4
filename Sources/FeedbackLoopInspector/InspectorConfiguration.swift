package import FeedbackDiagram
package import FeedbackGraph
package import Foundation

/// How `diagram watch` serves a folder of trace files.
package struct InspectorConfiguration: Sendable {
  /// The folder whose trace files (`*.jsonl`) are shown.
  package var folder: URL
  /// The address to listen on: the loopback address unless told otherwise.
  package var host = "127.0.0.1"
  /// The port; 0 picks a free one (the printed URL says which).
  package var port = 0
  /// The steps each loop keeps (the last ones of its current session).
  package var maximumSteps = 5_000
  /// How often the folder is listed and the files read.
  package var pollInterval: Duration = .milliseconds(20)
  /// How long one event stream stays open before the server ends it (the page reconnects
  /// at once); `nil`: until the page goes. A headless browser's virtual time only moves
  /// while no request is open, so the browser test sets it.
  package var streamLifetime: Duration?
  /// The viewer's figure colours.
  package var theme: Theme = .light
  /// Graphs of the registered systems, for trace files that carry none.
  package var registered: [SystemGraph] = []

  /// Serves `folder` on the loopback address, on a free port.
  package init(folder: URL) {
    self.folder = folder
  }
}
