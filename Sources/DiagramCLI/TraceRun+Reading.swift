import FeedbackGraph
import Foundation

extension TraceRun {
  /// The most steps `diagram trace` keeps in memory: a longer trace is read through (every
  /// line checked) but drawn from a window of this many steps — the first ones, or those
  /// around the failing step — so that any trace is drawn in bounded memory.
  package static let maximumSteps = 20_000

  /// Streams the trace at `path` (``TraceReader``: line by line, each checked), keeping
  /// at most `limit` steps: all of them when they fit; else, when the run failed at a step,
  /// a window around it (at least `limit / 2` steps before it when there are so many, the
  /// rest after it); else the first `limit`.
  ///
  /// - Returns: the trace of the steps kept, and how many steps the file holds.
  /// - Complexity: O(n) in the file's bytes; memory O(`limit`).
  static func read(_ path: String, limit: Int = maximumSteps) throws -> (trace: Trace, total: Int) {
    var reader = try TraceReader(contentsOf: URL(fileURLWithPath: path))
    let header = try reader.header()
    let failing = header.outcome.failingStep
    let half = max(1, limit / 2)
    var kept: [TraceStep] = []
    var head = 0  // the window is kept[head...]
    var failingPosition: Int?  // in kept
    var total = 0, closed = false
    while let step = try reader.next() {
      total += 1
      guard !closed else { continue }
      kept.append(step)
      if failingPosition == nil, failing != nil, step.index == failing { failingPosition = kept.count - 1 }
      if kept.count - head > limit {
        if let position = failingPosition {
          // Past the failing step: drop from the front while more than `half` precede it.
          if position - head > half {
            head += 1
          } else {
            kept.removeLast()
            closed = true
          }
        } else if failing != nil {
          head += 1  // the failing step is still ahead: slide
        } else {
          kept.removeLast()
          closed = true
        }
      }
      if head > limit {  // compact now and then: O(1) amortized per step
        kept.removeFirst(head)
        failingPosition = failingPosition.map { $0 - head }
        head = 0
      }
    }
    return (Trace(header: header, steps: Array(kept[head...])), total)
  }
}
