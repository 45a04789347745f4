import CustomDump
import IssueReporting

/// The one format of every recorder failure: a heading sentence, an optional indented diff
/// with its legend, the last steps of the timeline, and a "To fix" line.
struct FailureReport {
  var heading: String
  var diff: String?
  var timeline: String
  var fix: String
  /// The step the failure concerns, when it concerns one (the trace marks it).
  var step: Int? = nil
  /// Where the recording's trace goes and how to draw it, when it is written.
  var trace: String? = nil

  var message: String {
    var parts = [heading]
    if let diff {
      parts.append(
        "  (Expected: −, Actual: +)\n"
          + diff.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
    }
    if !timeline.isEmpty {
      parts.append("Timeline (last steps):\n" + timeline)
    }
    parts.append("To fix: " + fix)
    if let trace { parts.append(trace) }
    return parts.joined(separator: "\n\n")
  }

  func report(at site: CallSite) {
    reportKitIssue(message, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
  }

  /// A CustomDump diff of two values, or a plain two-line rendering when they dump alike.
  static func diff<T>(expected: T, actual: T) -> String {
    let format = DiffFormat(first: "\u{2212}", second: "+", both: " ")
    if let diff = CustomDump.diff(expected, actual, format: format) { return diff }
    return "− \(String(customDumping: expected))\n+ \(String(customDumping: actual))"
  }
}
