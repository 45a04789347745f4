import FeedbackGraph
import Foundation

/// The command a failure message suggests for drawing a trace file.
///
/// A package draws its systems with its own `DiagramCommand` executable, whose name the test
/// kit cannot know: the suggestion is neutral (`swift run <your DiagramCommand executable>
/// trace …`) unless `FEEDBACKLOOP_DIAGRAM_COMMAND` names the command (this repository's is
/// `swift run diagram`).
package enum DrawCommand {
  /// The environment variable naming the command that runs the package's `DiagramCommand`.
  package static let environmentVariable = "FEEDBACKLOOP_DIAGRAM_COMMAND"

  /// `Draw it: swift run <your DiagramCommand executable> trace PATH`, or with the command
  /// the environment names; the path quoted for a shell.
  package static func drawIt(
    _ path: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let command = environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
    return
      "Draw it: \(command ?? "swift run <your DiagramCommand executable>") trace \(FailureReport.shellQuoted(path))"
  }

  /// `Step through it: file:///…/Diagrams/Door.wrongState.trace.html#step=1 (once drawn)`:
  /// the page the command writes into `Diagrams/` (its default folder) under `directory`
  /// (the tests' working directory: the package's root), opened at `step`. Named as
  /// `diagram trace` names it: the system's and the test's names in safe characters.
  package static func stepThroughIt(
    system: String, test: String, step: Int?, directory: String = FileManager.default.currentDirectoryPath
  ) -> String {
    let stem = SafeFileName.make(system, fallback: "system", maximumLength: 80)
    let page = URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent("Diagrams")
      .appendingPathComponent("\(stem).\(SafeFileName.make(test, fallback: "trace")).trace.html")
    return "Step through it: \(page.absoluteString)\(step.map { "#step=\($0)" } ?? "") (once drawn)"
  }
}
