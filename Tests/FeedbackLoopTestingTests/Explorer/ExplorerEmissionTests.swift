import FeedbackLoopExplorer
import FeedbackLoopTesting
import Foundation
import Testing

/// The Swift test the explorer writes for the seeded bug is committed as
/// `Emitted/SeededSignInFinding.swift`, compiled with this target, and run here: it must
/// fail for the reason the explorer found. Re-record with
/// `RECORD_SNAPSHOTS=1 swift test --filter ExplorerEmissionTests` and review the diff.
@Suite struct ExplorerEmissionTests {
  static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Emitted/SeededSignInFinding.swift")
  static let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"

  /// The committed file: a header, the imports, then the emitted function.
  static func emitted() throws -> String {
    let exploration = SeededSignIn.explorer.run()
    let finding = try #require(exploration.findings.first)
    let test = try #require(
      exploration.swiftTest(for: finding, named: "seededSignInSubmitsAnInvalidForm", attribute: ""))
    return """
      // Written by the explorer (ExplorerEmissionTests); compiled and run by that suite.
      // Re-record: RECORD_SNAPSHOTS=1 swift test --filter ExplorerEmissionTests
      // The explorer's output, compared byte for byte: not formatted.
      // swift-format-ignore-file
      import FeedbackLoopExamples
      import FeedbackLoopTesting


      """ + test
  }

  @Test func theEmittedTestMatchesTheCommittedFile() throws {
    let text = try Self.emitted()
    if Self.recording { try Data(text.utf8).write(to: Self.file) }
    let golden = try String(contentsOf: Self.file, encoding: .utf8)
    #expect(
      text == golden,
      "the emitted test differs from Emitted/SeededSignInFinding.swift; re-record with RECORD_SNAPSHOTS=1 if intended")
  }

  @Test func theCommittedTestFailsForTheSameReason() {
    let messages = failureMessages { seededSignInSubmitsAnInvalidForm() }
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("Invariant \"only valid forms are submitted\" violated at step #") == true)
    #expect(
      messages.first?.contains(
        "submitting(FeedbackLoopExamples.SignIn.Form(email: \"ada@example.com\", password: \"\"))") == true)
  }

  @Test func eventsThatSwiftCannotWriteBecomePlaceholders() throws {
    let exploration = SeededSignIn.explorer.writingEvents { _ -> String? in nil }.run()
    let finding = try #require(exploration.findings.first)
    let test = try #require(exploration.swiftTest(for: finding, named: "t"))
    #expect(test.contains(#"  loop.send(<#emailChanged("ada@example.com\n")#>) { $0 = .submitting("#))
    #expect(test.contains("  // event not writable as Swift: see the trace"))
    #expect(test.contains("@Test func t() {"))
  }
}
