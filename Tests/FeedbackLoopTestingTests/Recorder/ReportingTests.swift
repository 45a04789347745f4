import FeedbackLoop
import FeedbackLoopTesting
import Foundation
import Testing
import XCTest

/// A fixture, not a test of its own: a failing recorder assertion inside XCTest and inside
/// Swift Testing. It runs only in the subprocess that `ReportingTests` starts (and skips
/// otherwise), so that the suite can check the runners' verdicts from outside.
final class FailingFixture: XCTestCase {
  static var enabled: Bool { ProcessInfo.processInfo.environment["FEEDBACKLOOP_FIXTURE"] == "1" }

  func testRecorderFailureInXCTest() throws {
    try XCTSkipUnless(Self.enabled, "fixture: run by ReportingTests in a subprocess")
    let loop = LoopRecorder(light)
    loop.send(.emergency) { $0 = .green }
    loop.skipInFlightEffects()
  }
}

@Test(.enabled(if: FailingFixture.enabled)) func recorderFailureInSwiftTesting() {
  let loop = LoopRecorder(light)
  loop.send(.emergency) { $0 = .green }
  loop.skipInFlightEffects()
}

@Suite struct ReportingTests {
  /// Runs this test bundle again with the fixtures enabled.
  static func runFixture(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["FEEDBACKLOOP_FIXTURE"] = "1"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  @Test func aRecorderFailureFailsAnXCTestCase() throws {
    let run = try Self.runFixture(["FeedbackLoopTestingTests.FailingFixture/testRecorderFailureInXCTest"])
    #expect(run.status != 0)
    #expect(run.output.contains("State mismatch after send(emergency) at step #2."))
    #expect(run.output.contains("Executed 1 test, with 1 failure"))
    // The heading opens XCTest's line, and IssueReporting's false "host application" note
    // (appended on Linux) is gone.
    #expect(
      run.output.contains(
        "FailingFixture.testRecorderFailureInXCTest : failed - State mismatch after send(emergency) at step #2.\n"))
    #expect(!run.output.contains("host application"))
  }

  @Test func aRecorderFailureFailsASwiftTestingTest() throws {
    let run = try Self.runFixture(["--testing-library", "swift-testing", "--filter", "recorderFailureInSwiftTesting"])
    #expect(run.status != 0)
    #expect(run.output.contains("State mismatch after send(emergency) at step #2."))
    #expect(run.output.contains("recorderFailureInSwiftTesting() failed"))
    // The heading is on the runner's first line, not the generic "Issue recorded".
    #expect(
      run.output.contains(
        "recorderFailureInSwiftTesting() recorded an issue at ReportingTests.swift:23:12: Caught error: State mismatch after send(emergency) at step #2.\n"
      ))
    #expect(!run.output.contains("Issue recorded"))
  }

  @Test func knownIssuesSeeTheFailureInProcess() {
    // The same assertion, seen by Swift Testing in this process.
    withKnownIssue {
      let loop = LoopRecorder(light)
      loop.send(.emergency) { $0 = .green }
      loop.skipInFlightEffects()
    } matching: { issue in
      (issue.error as? LoopTestFailure)?.heading == "State mismatch after send(emergency) at step #2."
    }
  }
}
