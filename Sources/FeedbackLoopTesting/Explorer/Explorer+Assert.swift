public import FeedbackLoopExplorer
import FeedbackGraph
public import Foundation
import IssueReporting

extension Explorer {
  /// Explores the system and reports each finding as a test failure at the caller's line
  /// (Swift Testing and XCTest alike), with its shortest path, a test that replays it as
  /// printed (``assertNoLongerReaches(_:along:fileID:filePath:line:column:)``: it fails while the path reaches the finding and passes once it is fixed, so it stays in the suite) and, when traces are written, the trace file and the command
  /// that draws it.
  ///
  /// ```swift
  /// @Test func signInIsSound() {
  ///   Explorer(
  ///     SignIn.system(), events: [.emailChanged("a@b.c"), .passwordChanged("12345678"), .submit],
  ///     feedbackEvents: [.succeeded(user: "a"), .rejected("no")]
  ///   )
  ///   .invariant("only valid forms are submitted") { state in
  ///     if case .submitting(let form) = state { return form.isValid }
  ///     return true
  ///   }
  ///   .final { if case .signedIn = $0 { true } else { false } }
  ///   .waits(in: .case("editing"), .case("failed"))  // the form waits for its user there
  ///   .assertNoFindings()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - requireComplete: also fail when the exploration stops at a bound (the default:
  ///     a bound reached is never "no findings").
  ///   - traceDirectory: where to write each finding's trace; defaults to the
  ///     `FEEDBACKLOOP_TRACE_DIR` environment variable, if set.
  ///   - fileID: the caller's file ID, where a failure is reported (the call site by default).
  ///   - filePath: the caller's file path, where a failure is reported.
  ///   - line: the caller's line, where a failure is reported.
  ///   - column: the caller's column, where a failure is reported.
  /// - Returns: the exploration, for further checks.
  @discardableResult
  public func assertNoFindings(
    requireComplete: Bool = true,
    traceDirectory: URL? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Exploration<State, Event> {
    let exploration = run()
    let directory =
      traceDirectory
      ?? ProcessInfo.processInfo.environment["FEEDBACKLOOP_TRACE_DIR"].map {
        URL(fileURLWithPath: $0, isDirectory: true)
      }
    var traces: [Int: URL] = [:]
    if let directory, !exploration.findings.isEmpty {
      do {
        let urls = try exploration.writeTraces(to: directory)
        let withPaths = exploration.findings.indices.filter { exploration.findings[$0].path != nil }
        for (index, url) in zip(withPaths, urls) { traces[index] = url }
      } catch {
        reportKitIssue(
          "The explorer's traces could not be written to \(directory.path): \(error.localizedDescription)",
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }
    for (index, finding) in exploration.findings.enumerated() {
      reportKitIssue(
        ExplorerFailure.message(
          for: finding, number: index + 1, in: exploration, explorer: self, line: line, trace: traces[index]),
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    if requireComplete, !exploration.isComplete {
      reportKitIssue(
        """
        The exploration of \(system.name) \(exploration.completion.sentence)

        To fix: raise maxStates or maxDepth, merge states that are equal for the test with merging(by:), \
        or pass requireComplete: false to accept a bounded exploration.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return exploration
  }
}
