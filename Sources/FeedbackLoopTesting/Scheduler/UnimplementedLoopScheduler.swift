public import FeedbackLoop
import IssueReporting

/// A scheduler that fails the test whenever it is used: for a feedback's
/// `execute(on:)`, or any dependency that must not touch time in a given test.
///
/// ```swift
/// let never = UnimplementedLoopScheduler("analytics")
/// let feedback = track.execute(on: never)  // any effect it starts fails the test
/// ```
///
/// Each use reports `UnimplementedLoopScheduler "analytics": schedule(after:) was called.`
/// at the line that created the scheduler (the test's line: the use itself happens deep in
/// the loop), then behaves as a scheduler on which nothing ever runs.
public final class UnimplementedLoopScheduler: LoopScheduler {
  /// The name used in failure messages.
  let name: String

  private let fileID: StaticString
  private let filePath: StaticString
  private let line: UInt
  private let column: UInt

  /// Creates a scheduler named `name`; its failures are reported at the line that calls
  /// this initializer.
  public init(
    _ name: String = "unimplemented",
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.name = name
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  private func fail(_ use: String) {
    reportKitIssue(
      "UnimplementedLoopScheduler \"\(name)\": \(use) was called.", fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Reports an issue: this scheduler should not be asked for the time.
  public var now: Duration {
    fail("now")
    return .zero
  }

  /// Reports an issue at the test's line: no work should be scheduled.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    fail("schedule(_:)")
  }

  /// Reports an issue at the test's line: no work should be scheduled.
  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
    fail("schedule(after:)")
    return ScheduledAction()
  }

  /// Reports an issue: effects should not sleep on this scheduler.
  public var clock: any Clock<Duration> {
    fail("clock")
    return ContinuousClock()
  }

  /// None: async effects should not run on this scheduler.
  public var taskExecutor: (any TaskExecutor)? {
    fail("taskExecutor")
    return nil
  }
}
