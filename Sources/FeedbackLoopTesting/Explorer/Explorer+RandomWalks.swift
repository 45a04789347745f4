public import FeedbackLoopExplorer
import IssueReporting

extension Explorer {
  /// Takes seeded random walks (`randomWalks(count:length:seed:)`)
  /// and reports the first failure, shrunk to a minimal event sequence, as a test failure
  /// at the caller's line, with its path and a test that replays it as printed.
  ///
  /// ```swift
  /// @Test func cartSurvivesRandomShoppers() {
  ///   Explorer(cart, events: [.add(1), .remove(1), .checkout])
  ///     .invariant("total is never negative") { $0.total >= 0 }
  ///     .assertRandomWalks(count: 500, length: 200, seed: 1)
  /// }
  /// ```
  @discardableResult
  public func assertRandomWalks(
    count: Int = 100, length: Int = 100, seed: UInt64 = 0,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> RandomWalks<State, Event> {
    let walks = randomWalks(count: count, length: length, seed: seed)
    if let failure = walks.failure, let path = failure.path {
      let test = ExplorerReplayWriter.test(
        // The replay names it as the exploration does: `invariant-…`, not `walk-invariant-…`.
        path: path, finding: failure.slug.hasPrefix("walk-") ? String(failure.slug.dropFirst(5)) : failure.slug,
        named: ExplorerFailure.testName(failure.slug, system: system.name, line: line, number: 1),
        explorer: self, comment: "Found by a random walk: \(failure.message)")
      reportKitIssue(
        ExplorerFailure.message(for: failure, path: path, test: test, trace: nil) + "\n\n"
          + walks.report.split(separator: "\n")[0],
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return walks
  }
}
