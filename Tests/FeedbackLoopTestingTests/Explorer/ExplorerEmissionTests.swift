import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopExplorer
import FeedbackLoopTesting
import Foundation
import Testing

/// The tests `assertNoFindings()` prints are committed, verbatim, as
/// `Emitted/PrintedFindings.swift`, compiled with this target (a change that breaks them
/// breaks the build), and run here: each must fail with its finding's message. Re-record
/// with `RECORD_SNAPSHOTS=1 swift test --filter ExplorerEmissionTests` and review the diff.
@Suite struct ExplorerEmissionTests {
  static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Emitted/PrintedFindings.swift")
  static let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"

  /// The printed test of each failure message (what follows "fails while the finding
  /// reproduces:"), the trace lines left out.
  static func printedTests(_ messages: [String]) -> [String] {
    messages.compactMap { message in
      guard let range = message.range(of: "reproduces:\n\n") else { return nil }
      return String(message[range.upperBound...].split(separator: "\n\nTrace: ")[0])
    }
  }

  /// The committed file: a header, the imports, then the printed tests in a disabled
  /// suite (they fail by design; this suite runs them).
  static func printed() -> String {
    // `line: 1`: the printed names carry the caller's line; a fixed one keeps them stable.
    let signIn = printedTests(failureMessages { SeededSignIn.explorer.assertNoFindings(line: 1) })
    let uploads = printedTests(failureMessages { UploadQueue.explorer.assertNoFindings(line: 1) })
    let silent = printedTests(
      failureMessages { ExampleExplorers.uploader.effectsMayEndSilently("upload").assertNoFindings(line: 1) })
    let lateResult = printedTests(
      failureMessages { Checkout.$bugs.withValue(.lateResult) { _ = Checkout.explorer.assertNoFindings(line: 1) } })
    let resetsAttempt = printedTests(
      failureMessages { Checkout.$bugs.withValue(.resetsAttempt) { _ = Checkout.explorer.assertNoFindings(line: 2) } })
    return """
      // Printed by assertNoFindings() (ExplorerEmissionTests), pasted verbatim; compiled with
      // this target and run by that suite. Re-record: RECORD_SNAPSHOTS=1 swift test --filter ExplorerEmissionTests
      // swift-format-ignore-file
      import FeedbackLoopExamples
      import FeedbackLoopExplorer
      import FeedbackLoopTesting
      import Testing

      @Suite(.disabled("printed findings: they fail by design, ExplorerEmissionTests runs them"))
      struct PrintedFindings {

      """ + (signIn + uploads + silent + lateResult + resetsAttempt).joined(separator: "\n") + "}\n"
  }

  /// What a printed test adds to its finding's message while the path reaches it.
  static func stillReaches(_ slug: String) -> String {
    "The path still reaches the finding \"\(slug)\": this test passes once it no longer does (and assertNoFindings() guards the other paths)."
  }

  @Test func thePrintedTestsMatchTheCommittedFile() throws {
    let text = Self.printed()
    if Self.recording { try Data(text.utf8).write(to: Self.file) }
    let golden = try String(contentsOf: Self.file, encoding: .utf8)
    #expect(
      text == golden,
      "the printed tests differ from Emitted/PrintedFindings.swift; re-record with RECORD_SNAPSHOTS=1 if intended")
  }

  @Test func thePrintedInvariantTestFailsForTheSameReason() {
    #expect(
      failureMessages { PrintedFindings().seededSignInLine1Finding1InvariantOnlyValidFormsAreSubmitted() } == [
        #"Invariant "only valid forms are submitted" is violated after 1 event: .emailChanged("ada@example.com\n"): submitting(FeedbackLoopExamples.SignIn.Form(email: "ada@example.com", password: ""))."#
          + "\n\n" + Self.stillReaches("invariant-only-valid-forms-are-submitted")
      ])
  }

  @Test func thePrintedStuckTestFailsForTheSameReasonWithTheRecordedEmissions() {
    #expect(
      failureMessages { PrintedFindings().uploadQueueLine1Finding2Stuck(UploadQueue.explorer) } == [
        #"Stuck after 3 events: .enqueue("a"), .enqueue("a"), .uploaded (from upload): no effect is in flight in uploading(file: "a", attempt: 0, queue: [], number: 1), with upload remembering Key(file: "a", attempt: 0), so only an event from outside can move the loop, and it is not declared as waiting (waits(when:))."#
          + "\n\n" + Self.stillReaches("stuck")
      ])
  }

  @Test func thePrintedSilentEndTestReplaysTheEndAndFailsForTheSameReason() {
    // The printed receiver carries effectsMayEndSilently, which the explorer's own
    // expression (ExampleExplorers.uploader) does not.
    #expect(
      failureMessages { PrintedFindings().uploaderLine1Finding1Stuck() } == [
        #"Stuck after 2 events: .pick("cat.jpg"), upload's effect ends without an event: no effect is in flight in uploading(FeedbackLoopExamples.Uploader.Attempt(file: "cat.jpg", number: 1)), so only an event from outside can move the loop, and it is not declared as waiting (waits(when:))."#
          + "\n\n" + Self.stillReaches("stuck")
      ])
  }

  @Test func aPathThatNoLongerExistsFailsAsSuch() {
    #expect(
      failureMessages { UploadQueue.explorer.assertReplay([.emitted(.uploaded, by: "upload")]) } == [
        """
        The explorer's path no longer replays: move 1, .uploaded from upload, cannot be replayed in idle: upload has no effect in flight there.

        To fix: the system changed since the test was printed; explore it again (assertNoFindings()) and paste the test it prints, or delete this one.
        """
      ])
  }

  @Test func eventsThatSwiftCannotWriteAreReplayedByTheirChoice() throws {
    let messages = failureMessages {
      SeededSignIn.explorer.writingEvents { _ -> String? in nil }.assertNoFindings(line: 1)
    }
    let test = try #require(Self.printedTests(messages).first)
    #expect(test.contains(#"    .choice(1),  // emailChanged("ada@example.com\n")"#))
    #expect(!test.contains("<#"))
  }

  @Test func durationsAreWrittenAsSwift() {
    enum Timed { case wait(Duration), pause(after: Duration, times: Int) }
    #expect(SwiftSource.value(Timed.wait(.milliseconds(1500)))?.hasSuffix(".wait(.seconds(1.5))") == true)
    #expect(
      SwiftSource.value(Timed.pause(after: .seconds(2), times: 3))?.hasSuffix(".pause(after: .seconds(2.0), times: 3)")
        == true)
    #expect(SwiftSource.value(Duration.seconds(3)) == ".seconds(3.0)")
  }
}
