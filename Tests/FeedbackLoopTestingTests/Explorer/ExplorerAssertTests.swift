import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopExplorer
import FeedbackLoopTesting
import Foundation
import Testing
import FeedbackLoopSupport

/// The explorer through the test kit: findings reported as failures at the caller's line.
@Suite struct ExplorerAssertTests {
  @Test func reportsTheSeededBugWithItsShortestPathAndATestThatReproducesIt() {
    let messages = failureMessages { SeededSignIn.explorer.assertNoFindings() }
    #expect(
      messages == [
        #"""
        Invariant "only valid forms are submitted" is violated after 1 event: .emailChanged("ada@example.com\n"): submitting(FeedbackLoopExamples.SignIn.Form(email: "ada@example.com", password: "")).

        Path from the initial state editing(FeedbackLoopExamples.SignIn.Form(email: "", password: "")):
          1. .emailChanged("ada@example.com\n") → submitting(FeedbackLoopExamples.SignIn.Form(email: "ada@example.com", password: ""))

        To fix: fix the system and keep this test: it replays the path (the effects' emissions as recorded) and fails while the finding reproduces:

        // Found by the explorer: Invariant "only valid forms are submitted" is violated after 1 event: .emailChanged("ada@example.com\n"): submitting(FeedbackLoopExamples.SignIn.Form(email: "ada@example.com", password: "")).
        // Keep it: it fails while this path reaches the finding, passes once it no longer does (assertNoFindings() guards the rest), and fails again if the bug comes back.
        @Test func seededSignInLine13Finding1InvariantOnlyValidFormsAreSubmitted() {
          SeededSignIn.explorer.assertNoLongerReaches("invariant-only-valid-forms-are-submitted", along: [
            .send(.emailChanged("ada@example.com\n")),
          ])
        }

        """#
      ])
  }

  @Test func theExampleWithoutTheBugHasNoFindings() {
    let explorer = Explorer(
      SignIn.system(),
      events: [
        .emailChanged("ada@example.com"), .emailChanged("ada@example.com\n"), .passwordChanged("correct horse"),
        .submit,
      ],
      feedbackEvents: [.succeeded(user: "ada"), .rejected("wrong password")]
    )
    .invariant("only valid forms are submitted", SeededSignIn.onlyValidFormsAreSubmitted)
    .final { if case .signedIn = $0 { true } else { false } }
    .waits(in: .case("editing"), .case("failed"))
    #expect(issues { explorer.assertNoFindings() }.isEmpty)
  }

  @Test func aBoundReachedFailsUnlessAccepted() {
    var explorer = Explorer(Counter.system(), events: [.increment])
    explorer.maxStates = 5
    #expect(
      failureMessages { explorer.assertNoFindings() } == [
        """
        The exploration of Counter stopped at the state bound (maxStates = 5): states beyond it are unexplored, so the absence of a finding proves nothing there.

        To fix: raise maxStates or maxDepth, merge states that are equal for the test with merging(by:), or pass requireComplete: false to accept a bounded exploration.
        """
      ])
    #expect(issues { explorer.assertNoFindings(requireComplete: false) }.isEmpty)
  }

  @Test func writesEachFindingAsATraceThatNamesTheFailingStep() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-traces-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let messages = failureMessages { SeededSignIn.explorer.assertNoFindings(traceDirectory: folder) }
    let file = folder.appendingPathComponent("SeededSignIn-explorer-1-invariant-only-valid-forms-are-submitted.jsonl")
    // The page `diagram trace` writes for the file, at the failing step.
    let page = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .appendingPathComponent("Diagrams/SeededSignIn.explorer_invariant-only-valid-forms-are-submitted.trace.html")
    #expect(
      messages.first?.hasSuffix(
        """
        Trace: \(file.path)
        Draw it: swift run <your DiagramCommand executable> trace \(file.path) (set FEEDBACKLOOP_DIAGRAM_COMMAND to that command and this line names it)
        Step through it: \(page.absoluteString)#step=1 (once drawn)
        """) == true)
    let trace = try Trace.decodeJSONLines(Data(contentsOf: file))
    #expect(trace.header.system == "SeededSignIn")
    #expect(trace.header.outcome.status == .failed)
    #expect(trace.header.outcome.failingStep == 1)
    #expect(trace.steps.map(\.kind) == [.initial, .event])
    #expect(trace.steps.map(\.afterNode) == ["editing", "submitting"])
    #expect(trace.steps[1].eventJSON != nil)  // replayable
  }
}

/// The messages of the issues `body` records, none or more (`failureMessages` requires one).
func issues(_ body: () -> Void) -> [String] {
  let messages = Protected<[String]>([])
  withKnownIssue(isIntermittent: true) {
    body()
  } matching: { issue in
    messages.withLock { $0.append(fullMessage(of: issue)) }
    return true
  }
  return messages.withLock { $0 }
}

/// Random walks through the test kit.
@Suite struct RandomWalkAssertTests {
  @Test func theShrunkFailureFailsTheTestWithATestThatReplaysIt() {
    let messages = issues {
      SeededSignIn.explorer.assertRandomWalks(count: 20, length: 30, seed: 5)
    }
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix(
        #"Invariant "only valid forms are submitted" is violated after 1 event: .emailChanged("ada@example.com\n")"#)
        == true)
    #expect(
      messages.first?.contains(
        #"  SeededSignIn.explorer.assertNoLongerReaches("invariant-only-valid-forms-are-submitted", along: ["#) == true)
    #expect(messages.first?.contains(#"    .send(.emailChanged("ada@example.com\n")),"#) == true)
    #expect(messages.first?.hasSuffix("(seed 5).") == true)
  }

  @Test func walksWithoutFailuresReportNothing() {
    // Two e-mails: one of them always changes the state, so no state is a deadlock.
    let explorer = Explorer(
      SignIn.system(), events: [.emailChanged("ada@example.com"), .emailChanged("bob@example.com")]
    )
    .invariant("only valid forms are submitted", SeededSignIn.onlyValidFormsAreSubmitted)
    #expect(issues { explorer.assertRandomWalks(count: 5, length: 10, seed: 1) }.isEmpty)
  }
}
