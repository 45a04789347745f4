extension Duration {
  /// The duration in whole nanoseconds, clamped to `Int64`'s range (about ±292 years): how
  /// traces and the test scheduler count time.
  @inlinable
  package var clampedNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    let (sum, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
    if overflowAgain { return seconds < 0 ? .min : .max }
    return sum
  }
}
