/// `k` of `n`: how many of a graph's transitions or states were exercised.
public struct CoverageFraction: Hashable, Sendable, Codable, CustomStringConvertible {
  /// How many were exercised.
  public var covered: Int
  /// How many there are.
  public var total: Int

  /// A fraction.
  public init(covered: Int, total: Int) {
    self.covered = covered
    self.total = total
  }

  /// `covered / total`, or 1 when there is nothing to cover (0/0 is complete).
  public var value: Double { total == 0 ? 1 : Double(covered) / Double(total) }

  /// The value as a whole percentage, rounded down so that 99.9 % never reads 100 %.
  public var percent: Int { total == 0 ? 100 : covered * 100 / total }

  /// `3/4`.
  public var description: String { "\(covered)/\(total)" }
}
