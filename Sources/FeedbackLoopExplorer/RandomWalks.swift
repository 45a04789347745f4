import FeedbackGraph

/// The outcome of ``Explorer/randomWalks(count:length:seed:)``: how many walks ran and
/// the first failure found, shrunk to a minimal event sequence.
///
/// ```swift
/// let walks = explorer.randomWalks(count: 200, length: 100, seed: 7)
/// print(walks.report)  // Walked Counters: 3 walks, 141 events (seed 7). 1 finding: …
/// ```
///
/// The same seed gives the same walks, the same failure and the same report.
public struct RandomWalks<State: Sendable, Event: Sendable>: Sendable {
  /// The system's name.
  public var system: String
  /// The seed the walks were drawn from.
  public var seed: UInt64
  /// The walks taken (the last one failed, if ``failure`` is set).
  public var walks: Int
  /// Events reduced over all walks.
  public var events: Int
  /// The first failure (an invariant violated or an undeclared transition), its path
  /// shrunk: removing any one event from it no longer fails the same way.
  public var failure: ExplorerFinding<State, Event>?
  /// How many events the failing walk had before it was shrunk.
  package var unshrunkLength: Int?

  /// The walks for people; deterministic.
  public var report: String {
    var text =
      "Walked \(system): \(walks) walk\(walks == 1 ? "" : "s"), \(events) event\(events == 1 ? "" : "s") (seed \(seed))."
    if let failure, let unshrunkLength {
      text +=
        "\n1 finding (shrunk from \(unshrunkLength) event\(unshrunkLength == 1 ? "" : "s")):\n1. \(failure.message)"
    } else {
      text += "\nNo findings on these walks (a sample, not a proof)."
    }
    return text
  }
}
