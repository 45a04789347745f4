import FeedbackGraph
import Foundation

extension TraceRun {
  /// The most steps `diagram trace` keeps in memory: a longer trace is read through (every
  /// line checked) but drawn from a window of this many steps — the first ones, or those
  /// around the failing step — so that any trace is drawn in bounded memory.
  public static let maximumSteps = 20_000

  /// Streams the trace at `path` (``TraceReader``: line by line, each checked), keeping
  /// at most `limit` steps: the first `limit` when the run did not fail at a step; else up
  /// to `limit / 2` before the failing step and `limit / 2` from it on.
  ///
  /// - Returns: the trace of the steps kept, and how many steps the file holds.
  /// - Complexity: O(n) in the file's bytes; memory O(`limit`).
  static func read(_ path: String, limit: Int = maximumSteps) throws -> (trace: Trace, total: Int) {
    var reader = try TraceReader(contentsOf: URL(fileURLWithPath: path))
    let header = try reader.header()
    let failing = header.outcome.failingStep
    let half = max(1, limit / 2)
    var kept: [Step] = []
    var head = 0  // kept[head...] is the window while the failing step is still ahead
    var total = 0
    var failingSeen = false, afterFailing = 0
    while let step = try reader.next() {
      total += 1
      guard let failing else {
        if kept.count < limit { kept.append(step) }
        continue
      }
      if failingSeen {
        if afterFailing < half {
          kept.append(step)
          afterFailing += 1
        }
        continue
      }
      kept.append(step)
      if step.index == failing {
        failingSeen = true
        afterFailing = 1
      }
      if kept.count - head > half + (failingSeen ? 1 : 0), !failingSeen { head += 1 }
      if head > limit {  // compact now and then: O(1) amortized per step
        kept.removeFirst(head)
        head = 0
      }
    }
    return (Trace(header: header, steps: Array(kept[head...])), total)
  }
}
