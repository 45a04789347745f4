import Foundation

/// One benchmark row: a name, a unit, and a body that returns the measured value of one run
/// (for example nanoseconds per operation, or seconds for the whole run).
struct Benchmark: Sendable {
  var name: String
  var unit: String
  /// How many times to run `body`; the median is reported.
  var runs: Int = 5
  /// A row to run before each run of this one, so that the ratio between the two is
  /// measured pair by pair (the median of the pairs' ratios) rather than from medians taken
  /// seconds apart, while the machine's speed drifts.
  var pairedWith: String? = nil
  /// One run; returns its measured value in `unit`.
  var body: @Sendable () throws -> Double
}

/// The measured median of one row.
struct BenchmarkResult: Encodable {
  var name: String
  var median: Double
  var unit: String
  /// With `Benchmark.pairedWith`: that row's name and the median ratio of the pairs.
  var pairedRatio: PairedRatio?
}

struct PairedRatio: Encodable {
  var baseline: String
  var median: Double
}

/// Times `body` and returns the elapsed wall-clock seconds.
func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = ContinuousClock.now
  try body()
  let elapsed = ContinuousClock.now - start
  let (s, atto) = elapsed.components
  return Double(s) + Double(atto) / 1e18
}

/// Keeps the optimizer from removing a computed value.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let mid = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
