import IssueReporting
import Testing

/// The test kit replaces IssueReporting's underscored `_DefaultReporter` to print its own
/// headings (`KitIssueReporter.swift`). If a new IssueReporting stops installing that
/// reporter by default, the replacement silently does nothing: this test says so first.
@Suite struct DefaultReporterFenceTests {
  @Test func issueReportingsDefaultReportersIncludeTheUnderscoredDefaultReporter() {
    #expect(IssueReporters.current.contains { $0 is _DefaultReporter })
  }
}
