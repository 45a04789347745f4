/// Ratios between rows that the issues set targets for, printed under the table.
enum RatioReport {
  /// (label, numerator row, denominator row)
  static let ratios: [(String, String, String)] = [
    ("loop.feedback-cycle / reducer.closure", "loop.feedback-cycle", "reducer.closure"),
    ("recorder.feedback-cycle / loop.feedback-cycle", "recorder.feedback-cycle", "loop.feedback-cycle"),
    ("scheduler.run-1k / heap.run-1k (target ≤ 2x)", "scheduler.run-1k", "heap.run-1k"),
    ("scheduler.run-10k / heap.run-10k (target ≤ 2x)", "scheduler.run-10k", "heap.run-10k"),
    ("scheduler.run-100k / heap.run-100k (target ≤ 2x)", "scheduler.run-100k", "heap.run-100k"),
    ("scheduler.run-1m / heap.run-1m (target ≤ 2x)", "scheduler.run-1m", "heap.run-1m"),
    ("heap.api-floor-1k / heap.run-1k (what the API forces: the closure)", "heap.api-floor-1k", "heap.run-1k"),
    ("heap.api-floor-10k / heap.run-10k", "heap.api-floor-10k", "heap.run-10k"),
    ("heap.api-floor-100k / heap.run-100k", "heap.api-floor-100k", "heap.run-100k"),
    ("heap.api-floor-1m / heap.run-1m", "heap.api-floor-1m", "heap.run-1m"),
    ("scheduler.run-1k / heap.api-floor-1k (its own overhead)", "scheduler.run-1k", "heap.api-floor-1k"),
    ("scheduler.run-10k / heap.api-floor-10k", "scheduler.run-10k", "heap.api-floor-10k"),
    ("scheduler.run-100k / heap.api-floor-100k", "scheduler.run-100k", "heap.api-floor-100k"),
    ("scheduler.run-1m / heap.api-floor-1m", "scheduler.run-1m", "heap.api-floor-1m"),
    ("scheduler.run-10k / run-1k", "scheduler.run-10k", "scheduler.run-1k"),
    ("scheduler.run-100k / run-10k", "scheduler.run-100k", "scheduler.run-10k"),
    ("scheduler.run-1m / run-100k", "scheduler.run-1m", "scheduler.run-100k"),
    ("heap.run-10k / run-1k (the bare heap)", "heap.run-10k", "heap.run-1k"),
    ("heap.run-100k / run-10k", "heap.run-100k", "heap.run-10k"),
    ("heap.run-1m / run-100k", "heap.run-1m", "heap.run-100k"),
    ("render.dot-cli / render.examples", "render.dot-cli", "render.examples"),
    ("coverage.steps / coverage.decode (target ≤ 1.5x)", "coverage.steps", "coverage.decode"),
    (
      "memory.sequence-1m.queue / immediate (target ≤ 1.5x)", "memory.sequence-1m.queue", "memory.sequence-1m.immediate"
    ),
    (
      "memory.sequence-3m.queue / immediate (target ≤ 1.5x)", "memory.sequence-3m.queue", "memory.sequence-3m.immediate"
    ),
    ("memory.sequence-3m.queue / 1m.queue (target: flat)", "memory.sequence-3m.queue", "memory.sequence-1m.queue"),
    ("combine.adapter-10k / combine.direct-10k (target ≤ 2x)", "combine.adapter-10k", "combine.direct-10k"),
    ("loop.send.observed / switch", "loop.send.observed", "loop.send.switch"),
    ("loop.send.transitions-value / switch (target ≤ 1.5x)", "loop.send.transitions-value", "loop.send.switch"),
    ("loop.send.transitions-case / switch (target ≤ 1.5x)", "loop.send.transitions-case", "loop.send.switch"),
    ("loop.send.transitions-large-24 / switch (target ≤ 1.5x)", "loop.send.transitions-large-24", "loop.send.switch"),
    ("loop.send.transitions-large-240 / switch (target ≤ 1.5x)", "loop.send.transitions-large-240", "loop.send.switch"),
  ]

  static func rounded(_ ratio: Double) -> Double {
    (ratio * 100).rounded() / 100
  }

  static func print(_ results: [BenchmarkResult]) {
    let byName = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    var lines: [String] = []
    for (label, top, bottom) in ratios {
      if let paired = byName[top]?.pairedRatio, paired.baseline == bottom {
        lines.append("  \(label): \(rounded(paired.median))x (median of runs paired with \(bottom))")
        continue
      }
      guard let a = byName[top]?.median, let b = byName[bottom]?.median, b > 0 else { continue }
      lines.append("  \(label): \(rounded(a / b))x")
    }
    if !lines.isEmpty {
      Swift.print("ratios:")
      lines.forEach { Swift.print($0) }
    }
  }
}
