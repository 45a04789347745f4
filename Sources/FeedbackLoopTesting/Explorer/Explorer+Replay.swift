public import FeedbackLoopExplorer
import IssueReporting

extension Explorer {
  /// Replays `moves` (`Explorer.replay(_:)`: the explorer's semantics, the effects'
  /// recorded emissions instead of the live effects) and reports what it finds as test
  /// failures at the caller's line: the tests printed for explorer findings call this, so
  /// they fail while the finding reproduces and pass once it is fixed.
  ///
  /// ```swift
  /// @Test func uploadQueueFinding1Stuck() {
  ///   ExampleExplorers.uploads.assertReplay([
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
