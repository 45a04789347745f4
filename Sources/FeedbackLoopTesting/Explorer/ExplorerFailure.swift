import FeedbackGraph
import FeedbackLoopExplorer
import Foundation

/// The text of an explorer finding reported as a test failure: the finding, its path step
/// by step, a "To fix" line with the test that reproduces it, and the trace.
enum ExplorerFailure {
  static func message<State, Event>(
    for finding: ExplorerFinding<State, Event>, number: Int, in exploration: Exploration<State, Event>,
    explorer: Explorer<State, Event>, line: UInt, trace: URL?
  ) -> String {
    let test = finding.path.map { path in
      ExplorerReplayWriter.test(
        path: path, finding: finding.slug,
        named: testName(finding.slug, system: exploration.system.name, line: line, number: number),
        explorer: explorer, comment: "Found by the explorer: \(finding.message)")
    }
    return message(for: finding, path: finding.path, test: test, trace: trace, system: exploration.system.name)
  }

  /// The message of `finding`, whose path (if any) `test` replays.
  static func message<State, Event>(
    for finding: ExplorerFinding<State, Event>, path: ExplorerPath<State, Event>?, test: String?, trace: URL?,
    system: String? = nil
  ) -> String {
    var parts = [finding.message]
    if let path {
      if !path.steps.isEmpty {
        var lines = ["Path from the initial state \(path.initial):"]
        for (index, step) in path.steps.enumerated() {
          if index == path.cycleStart { lines.append("  then around the cycle, forever:") }
          let source = step.feedback.map { " from \($0.name)" } ?? ""
          if let event = step.event {
            lines.append("  \(index + 1). \(SwiftSource.describe(event))\(source) → \(step.after)")
          } else {
            lines.append("  \(index + 1). \(step.feedback?.name ?? "an effect")'s effect ends without an event")
          }
        }
        parts.append(lines.joined(separator: "\n"))
      }
      parts.append(
        "To fix: fix the system and keep this test: it replays the path (the effects' emissions as recorded) and fails while the finding reproduces:\n\n"
          + (test ?? ""))
    } else {
      parts.append("To fix: check the declaration (or give the explorer the events that reach it).")
    }
    if let trace {
      var lines = "Trace: \(trace.path)\n" + DrawCommand.drawIt(trace.path)
      // The page `diagram trace` writes for it (named after the trace's test, as
      // `Exploration.trace(for:)` writes it), at the finding's step.
      if let system {
        lines +=
          "\n"
          + DrawCommand.stepThroughIt(system: system, test: "explorer: \(finding.slug)", step: path?.steps.count)
      }
      parts.append(lines)
    }
    return parts.joined(separator: "\n\n")
  }

  /// `signInLine18Finding1InvariantOnlyValidFormsAreSubmitted`-like names, from the
  /// system's name, the line of the call that found it (two explorations in one file print
  /// different names), the finding's number and its slug.
  static func testName(_ slug: String, system: String, line: UInt, number: Int) -> String {
    let words = slug.split(whereSeparator: { $0 == "-" || $0 == "_" })
    let systemWords = system.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    var prefix = systemWords.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    if let first = prefix.first, first.isLetter {
      prefix = first.lowercased() + prefix.dropFirst()
    } else {
      prefix = "explorer" + prefix
    }
    return "\(prefix)Line\(line)Finding\(number)" + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }
}
