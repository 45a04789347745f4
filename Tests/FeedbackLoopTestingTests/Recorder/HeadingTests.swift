import FeedbackLoop
import FeedbackLoopTesting
import FeedbackGraph
import IssueReporting
import Testing
import XCTest
import FeedbackLoopSupport

/// A recorder assertion that fails: `send(.emergency)` reaches `.red`, the test says `.green`.
func failEmergency() {
  let loop = LoopRecorder(light, writesTrace: false)
  loop.send(.emergency) { $0 = .green }
  loop.skipInFlightEffects()
}

/// How Swift Testing records the kit's failures: the heading is the issue's error (the
/// runner's first line), the rest its comment.
@Suite struct SwiftTestingHeadingTests {
  /// The issues `body` records, captured inside `withKnownIssue`.
  static func issues(_ body: () -> Void) -> [Issue] {
    let issues = Protected<[Issue]>([])
    withKnownIssue {
      body()
    } matching: { issue in
      issues.withLock { $0.append(issue) }
      return true
    }
    return issues.withLock { $0 }
  }

  @Test func theHeadingIsTheIssuesFirstLine() throws {
    let issues = Self.issues(failEmergency)
    try #require(issues.count == 1)
    let failure = try #require(issues[0].error as? LoopTestFailure)
    #expect(failure.heading == "State mismatch after send(emergency) at step #2.")
    #expect("\(issues[0].kind)" == "Caught error: State mismatch after send(emergency) at step #2.")
    #expect(
      issues[0].comments.map(\.rawValue).first?.hasPrefix("  (Expected: −, Actual: +)\n  − Light.green\n  + Light.red")
        == true)
    #expect(issues[0].comments.allSatisfy { !$0.rawValue.contains("State mismatch") })  // said once
  }

  @Test func aOneLineFailureIsAllHeading() throws {
    let issues = Self.issues { _ = UnimplementedLoopScheduler("analytics").now }
    try #require(issues.count == 1)
    #expect(
      (issues[0].error as? LoopTestFailure)?.heading == "UnimplementedLoopScheduler \"analytics\": now was called.")
    #expect(issues[0].comments.isEmpty)
  }

  @Test func withExpectedIssueStillExpectsTheFailure() {
    // IssueReporting's own known-issue API: the failure happens inside it and goes no
    // further (an outer, intermittent known-issue block sees what escapes: nothing, or
    // anything but the kit's heading).
    let escaped = Protected<[String]>([])
    withKnownIssue(isIntermittent: true) {
      withExpectedIssue("the emergency goes to red") { failEmergency() }
    } matching: { issue in
      escaped.withLock { $0.append("\(issue.kind)") }
      return true
    }
    #expect(escaped.withLock { $0 } == [])
  }

  @Test func aReporterTheTestInstalledStillGetsTheMessage() {
    // Only IssueReporting's default reporter is replaced: one a test installs sees the
    // whole message, and nothing reaches Swift Testing (this test passes).
    let reporter = CapturingReporter()
    withIssueReporters([reporter]) { failEmergency() }
    #expect(reporter.messages.count == 1)
    #expect(
      reporter.messages.first?.hasPrefix(
        "State mismatch after send(emergency) at step #2.\n\n  (Expected: −, Actual: +)") == true)
  }

  @Test func aMessageSplitsAtItsFirstBlankLine() {
    let failure = LoopTestFailure(
      message: "Must handle 2 received events:\n  #3 tick\n  #4 tick\n\nTo fix: assert them.")
    #expect(failure.heading == "Must handle 2 received events:\n  #3 tick\n  #4 tick")
    #expect(failure.details == "To fix: assert them.")
    #expect(LoopTestFailure(message: "One line.").details == nil)
  }
}

/// An IssueReporting reporter that keeps the messages.
final class CapturingReporter: IssueReporter, Sendable {
  private let captured = Protected<[String]>([])
  var messages: [String] { captured.withLock { $0 } }

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let text = message() ?? ""
    captured.withLock { $0.append(text) }
  }
}

/// How XCTest records the kit's failures: the message as is, heading first, and no
/// "host application" note.
final class XCTestHeadingTests: XCTestCase {
  /// While set, failures are kept here instead of failing the test.
  private var captured: [String]? = nil

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    if captured != nil {
      captured!.append(description)
    } else {
      super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  func testTheHeadingOpensTheFailureWithoutAHostApplicationNote() {
    captured = []
    failEmergency()
    let descriptions = captured!
    captured = nil
    XCTAssertEqual(descriptions.count, 1)
    let description = descriptions.first ?? ""
    XCTAssertTrue(
      description.hasPrefix("failed - State mismatch after send(emergency) at step #2.\n\n  (Expected: −, Actual: +)"),
      description)
    XCTAssertFalse(description.contains("host application"), description)
    XCTAssertTrue(description.hasSuffix("or fix the transition that produced it."), description)
  }
}
