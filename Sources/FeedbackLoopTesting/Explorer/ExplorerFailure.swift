import FeedbackGraph
import FeedbackLoopExplorer
import Foundation

/// The text of an explorer finding reported as a test failure: the finding, its path step
/// by step, a "To fix" line with the test that reproduces it, and the trace.
enum ExplorerFailure {
  static func message<State, Event>(
    for finding: ExplorerFinding<State, Event>, number: Int, in exploration: Exploration<State, Event>, trace: URL?
  ) -> String {
    let test = exploration.swiftTest(for: finding, named: testName(finding.slug, number: number))
    return message(for: finding, path: finding.path, test: test, trace: trace)
  }

  /// The message of `finding`, whose path (if any) `test` replays.
  static func message<State, Event>(
    for finding: ExplorerFinding<State, Event>, path: ExplorerPath<State, Event>?, test: String?, trace: URL?
  ) -> String {
    var parts = [finding.message]
    if let path {
      if !path.steps.isEmpty {
        var lines = ["Path from the initial state \(path.initial):"]
        for (index, step) in path.steps.enumerated() {
          let source = step.feedback.map { " from \($0.name)" } ?? ""
          lines.append("  \(index + 1). \(SwiftSource.describe(step.event))\(source) → \(step.after)")
        }
        parts.append(lines.joined(separator: "\n"))
      }
      parts.append(
        "To fix: the transition or reducer of the last step causes it; this test reproduces it:\n\n" + (test ?? ""))
    } else {
      parts.append("To fix: check the declaration (or give the explorer the events that reach it).")
    }
    if let trace {
      parts.append("Trace: \(trace.path)\n" + DrawCommand.drawIt(trace.path))
    }
    return parts.joined(separator: "\n\n")
  }

  /// `explorerFinding1InvariantOnlyValidFormsAreSubmitted`-like names, from a slug.
  static func testName(_ slug: String, number: Int) -> String {
    let words = slug.split(whereSeparator: { $0 == "-" || $0 == "_" })
    return "explorerFinding\(number)" + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }
}
