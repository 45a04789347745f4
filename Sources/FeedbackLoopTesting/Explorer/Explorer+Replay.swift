public import FeedbackLoopExplorer
import IssueReporting

extension Explorer {
  /// Replays `moves` (`Explorer.replay(_:)`: the explorer's semantics, the effects'
  /// recorded emissions instead of the live effects) and reports every finding on the path
  /// as a test failure at the caller's line, and a path that no longer replays too. The
  /// tests earlier versions printed call this; those printed now call
  /// ``assertNoLongerReaches(_:along:fileID:filePath:line:column:)``, which names the one
  /// finding it stands for and passes once the path no longer reaches it.
  ///
  /// ```swift
  /// @Test func uploadQueueFinding1Stuck() {
  ///   UploadQueue.explorer.assertReplay([
  ///     .send(.enqueue("a")), .send(.enqueue("a")), .emitted(.uploaded, by: "upload"),
  ///   ])
  /// }
  /// ```
  ///
  /// A move that cannot be replayed (the path no longer exists) fails too: the test would
  /// otherwise pass without showing anything.
  @discardableResult
  public func assertReplay(
    _ moves: [ExplorerMove<Event>],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> ExplorerReplay<State, Event> {
    let replay = replay(moves)
    for finding in replay.findings {
      reportKitIssue(finding.message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    if let divergence = replay.divergence {
      reportKitIssue(
        """
        The explorer's path no longer replays: \(divergence)

        To fix: the system changed since the test was printed; explore it again (assertNoFindings()) and paste the test it prints, or delete this one.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return replay
  }
}

extension Explorer {
  /// A finding kept as a test: replays `moves` (`Explorer.replay(_:)`) and fails while
  /// they still reach the finding named `finding` (its slug, as the explorer printed it).
  /// The tests `assertNoFindings()` prints call this.
  ///
  /// ```swift
  /// @Test func checkoutLine1Finding2FinalStateLeft() {
  ///   Checkout.explorer.assertNoLongerReaches("final-state-left", along: [
  ///     .send(.pay),
  ///     .send(.cancel),
  ///     .emitted(.authorized, by: "payment"),
  ///   ])
  /// }
  /// ```
  ///
  /// - While the bug is in, it fails with the finding's message, at the caller's line.
  /// - Once fixed, it passes, and says so on standard output: the path no longer reaches
  ///   the finding, either because a move can no longer be taken (the fix changed the way
  ///   there) or because the path's end no longer shows it. It proves only that this path
  ///   is fixed; `assertNoFindings()` over the same explorer guards every other path.
  /// - If the bug comes back on the same path, it fails again.
  ///
  /// Other findings the path happens to show are not reported here: they have tests of
  /// their own, and `assertNoFindings()` reports them.
  @discardableResult
  public func assertNoLongerReaches(
    _ finding: String, along moves: [ExplorerMove<Event>],
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> ExplorerReplay<State, Event> {
    let replay = replay(moves)
    let reached = replay.findings.filter { $0.slug == finding }
    for found in reached {
      reportKitIssue(
        """
        \(found.message)

        The path still reaches the finding "\(finding)": this test passes once it no longer does (and assertNoFindings() guards the other paths).
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    if reached.isEmpty { print(replay.noLongerReaches(finding)) }
    return replay
  }
}

extension ExplorerReplay {
  /// What a passing `assertNoLongerReaches(_:along:)` says: why the path no longer reaches
  /// `finding`, and what guards the rest.
  package func noLongerReaches(_ finding: String) -> String {
    let why =
      divergence.map { "the path no longer exists (\($0.hasSuffix(".") ? String($0.dropLast()) : $0))" }
      ?? "the path's moves no longer show it"
    return
      "Fixed: the path no longer reaches the finding \"\(finding)\": \(why). This test guards this path only; assertNoFindings() guards the rest."
  }
}
