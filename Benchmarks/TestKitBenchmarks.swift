import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTesting

import HeapModule
import FeedbackLoopSupport

/// `1k`, `10k`, `1m`.
func sizeName(_ count: Int) -> String {
  count >= 1_000_000 ? "\(count / 1_000_000)m" : "\(count / 1_000)k"
}

/// The test kit's rows: the scheduler at 1k…1M actions, the bare heap it is built on at the
/// same sizes (the floor for its scaling), and a feedback cycle recorded.
let testKitBenchmarks: [Benchmark] =
  [1_000, 10_000, 100_000, 1_000_000].map { count in
    // Paired with the bare heap at the same size: each run follows a run of the heap, so the
    // ratio (target ≤ 2x) is measured pair by pair on a loaded machine.
    Benchmark(name: "scheduler.run-\(sizeName(count))", unit: "s", pairedWith: "heap.run-\(sizeName(count))") {
      let scheduler = TestScheduler()
      var random = SplitMix64(seed: 42)
      let ran = Counter()
      let elapsed = seconds {
        for _ in 0..<count {
          scheduler.schedule(after: .microseconds(Int64(random.next() % 1_000_000_000))) { ran.increment() }
        }
        scheduler.run(maxSteps: count + 1)
      }
      precondition(ran.value == count && scheduler.pending.isEmpty, "ran \(ran.value) of \(count) actions")
      return elapsed
    }
  }
  + [1_000, 10_000, 100_000, 1_000_000].map { count in
    // The same deadlines pushed into and popped from swift-collections' `Heap` with 16-byte
    // (due, sequence) entries and nothing else: how the data structure alone scales here.
    Benchmark(name: "heap.run-\(sizeName(count))", unit: "s") {
      var random = SplitMix64(seed: 42)
      var checksum: UInt64 = 0
      let elapsed = seconds {
        var heap = Heap<HeapEntry>()
        for sequence in 0..<UInt64(count) {
          heap.insert(HeapEntry(due: random.next() % 1_000_000_000_000_000, sequence: sequence))
        }
        while let entry = heap.popMin() { checksum &+= entry.sequence }
      }
      precondition(checksum == UInt64(count) * UInt64(count - 1) / 2, "the heap lost entries")
      return elapsed
    }
  }
  + [1_000, 10_000, 100_000, 1_000_000].map { count in
    // What any scheduler with this API must do beyond the bare heap, and nothing else: per
    // action, the escaping closure the caller passes (stored beside the heap; a closure that
    // captures one object, like this one, needs no context allocation) and a cancelled flag
    // (`schedule(after:)` returns a handle, which need not allocate: `TestScheduler`'s is a
    // reference to one object per scheduler and a slot number); on popping, the cancellation
    // check, the call, and freeing the closure. No lock, no labels, no time.
    // `scheduler.run-*` over this row is the scheduler's own overhead.
    Benchmark(name: "heap.api-floor-\(sizeName(count))", unit: "s", pairedWith: "heap.run-\(sizeName(count))") {
      var random = SplitMix64(seed: 42)
      let ran = Counter()
      let elapsed = seconds {
        var heap = Heap<HeapEntry>()
        var actions: [FloorAction] = []
        for sequence in 0..<UInt64(count) {
          let action = FloorAction(run: { ran.increment() })
          actions.append(action)
          heap.insert(HeapEntry(due: random.next() % 1_000_000_000 * 1_000, sequence: sequence))
        }
        while let entry = heap.popMin() {
          var action = FloorAction.free
          swap(&action, &actions[Int(entry.sequence)])
          if !action.cancelled { action.run() }
        }
      }
      precondition(ran.value == count, "ran \(ran.value) of \(count) actions")
      return elapsed
    }
  } + [
    Benchmark(name: "recorder.feedback-cycle", unit: "ns/cycle", pairedWith: "loop.feedback-cycle") {
      let count = 1_000_000
      var finalState = 0
      let elapsed = seconds {
        let recorder = LoopRecorder(feedbackChain(limit: count), exhaustivity: .off())
        finalState = recorder.state
        recorder.finish()
      }
      precondition(finalState == count)
      return elapsed / Double(count) * 1e9
    }
  ]

/// Counts the actions a row ran: a plain, unsynchronized count (the test scheduler runs
/// actions on the thread that calls `run`), cheaper than anything the rows measure.
final class Counter: @unchecked Sendable {
  // Why @unchecked Sendable is safe: only the thread running the scheduler touches it.
  private(set) var value = 0
  @inline(__always) func increment() { value &+= 1 }
}

/// A (due, sequence) heap entry, as `TestScheduler` orders its actions.
struct HeapEntry: Comparable {
  var due: UInt64
  var sequence: UInt64

  static func < (lhs: HeapEntry, rhs: HeapEntry) -> Bool {
    lhs.due != rhs.due ? lhs.due < rhs.due : lhs.sequence < rhs.sequence
  }
}

/// An action beside the floor row's heap: a closure and a cancelled flag, as the scheduler
/// stores them.
struct FloorAction {
  var run: @Sendable () -> Void
  var cancelled = false

  static let free = FloorAction(run: {})
}
