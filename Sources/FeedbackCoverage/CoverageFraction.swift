import FeedbackGraph
/// `k` of `n`: how many of a graph's transitions or states were exercised.
public struct CoverageFraction: Hashable, Sendable, Codable, CustomStringConvertible {
  /// How many were exercised.
  public var covered: Int
  /// How many there are.
  public var total: Int

  /// A fraction.
  package init(covered: Int, total: Int) {
    self.covered = covered
    self.total = total
  }

  /// `covered / total`, or 1 when there is nothing to cover (0/0 is complete).
  public var value: Double { total == 0 ? 1 : Double(covered) / Double(total) }

  /// The value as a whole percentage, rounded to the nearest (2/3 reads 67), except that
  /// only a complete fraction reads 100 and only an empty one reads 0 (999/1000 reads 99,
  /// 1/1000 reads 1).
  public var percent: Int {
    guard total > 0 else { return 100 }
    let rounded = (covered * 200 + total) / (2 * total)  // round half up, in integers
    if covered < total { return max(covered > 0 ? 1 : 0, min(rounded, 99)) }
    return rounded
  }

  /// `3/4`.
  public var description: String { "\(covered)/\(total)" }
}
