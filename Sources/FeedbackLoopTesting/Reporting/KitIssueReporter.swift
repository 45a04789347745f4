import IssueReporting
import Testing
import XCTest

/// Reports a failure of the kit so that each test runner shows the kit's heading sentence
/// first: in Swift Testing as a ``LoopTestFailure`` (heading in the runner's first line,
/// the rest as the comment), in XCTest through `XCTFail` (the message as is, without the
/// "host application" note that IssueReporting appends on Linux, where XCTest's call
/// stack does not look like Xcode's). Everything else stays IssueReporting's: its
/// `withExpectedIssue`, issue contexts, and reporters a test installed with
/// `withIssueReporters` (only the default reporter is replaced, and only for this call).
///
/// The fence around an underscored API: `_DefaultReporter` is IssueReporting's (1.13)
/// default reporter, not its public API. This file is the only place that names it, and
/// `DefaultReporterFenceTests` fails if the default reporters stop including it (then every
/// kit failure would fall back to IssueReporting's own wording), as `HeadingTests` fails if
/// the headings change. Upgrading IssueReporting means reading this file again.
func reportKitIssue(
  _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  let reporters = IssueReporters.current.map { reporter -> any IssueReporter in
    reporter is _DefaultReporter ? KitIssueReporter() : reporter
  }
  withIssueReporters(reporters) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// IssueReporting's default reporter, with the kit's headings in tests.
struct KitIssueReporter: IssueReporter {
  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let text = message() ?? ""
    guard severity == .error, let context = TestContext.current else {
      _DefaultReporter.default.reportIssue(
        text, severity: severity, fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    switch context {
    case .swiftTesting:
      let failure = LoopTestFailure(message: text)
      Issue.record(
        failure, failure.details.map { Comment(rawValue: $0) },
        sourceLocation: SourceLocation(
          fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
    case .xcTest:
      XCTFail(text, file: filePath, line: line)
    }
  }

  func expectIssue(
    _ message: @autoclosure () -> String?, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    _DefaultReporter.default.expectIssue(message(), fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
