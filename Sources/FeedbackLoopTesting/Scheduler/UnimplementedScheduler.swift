public import FeedbackLoop
import IssueReporting

/// A scheduler that fails the test whenever it is used: for a feedback's
/// `execute(on:)`, or any dependency that must not touch time in a given test.
///
/// ```swift
/// let never = UnimplementedScheduler("analytics")
/// let feedback = track.execute(on: never)   // any effect it starts fails the test
/// ```
///
/// Each use reports `UnimplementedScheduler "analytics": schedule(after:) was called.`,
/// then behaves as a scheduler on which nothing ever runs.
public final class UnimplementedScheduler: LoopScheduler {
  /// The name used in failure messages.
  public let name: String

  /// Creates a scheduler named `name`.
  public init(_ name: String = "unimplemented") {
    self.name = name
  }

  private func fail(_ use: String) {
    reportIssue("UnimplementedScheduler \"\(name)\": \(use) was called.")
  }

  public var now: Duration {
    fail("now")
    return .zero
  }

  public func schedule(_ action: @escaping @Sendable () -> Void) {
    fail("schedule(_:)")
  }

  @discardableResult
  public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
    fail("schedule(after:)")
    return ScheduledAction()
  }

  public var clock: any Clock<Duration> {
    fail("clock")
    return ContinuousClock()
  }

  public var taskExecutor: (any TaskExecutor)? {
    fail("taskExecutor")
    return nil
  }
}
