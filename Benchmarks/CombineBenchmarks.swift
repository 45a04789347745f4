#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import FeedbackGraph
import FeedbackLoop
import FeedbackLoopCombine
import FeedbackLoopTesting
import Synchronization
import FeedbackLoopSupport

/// The Combine scheduler adapter: 10,000 actions at random deadlines through
/// `TestScheduler.combine`, paired with the same actions scheduled on the `TestScheduler`
/// directly (target: within 2×). Both rows check that every action ran.
let combineBenchmarks: [Benchmark] = [
  Benchmark(name: "combine.direct-10k", unit: "s", runs: 9) {
    try scheduleTenThousand { scheduler, delay, action in
      scheduler.schedule(after: .nanoseconds(delay), action)
    }
  },
  Benchmark(name: "combine.adapter-10k", unit: "s", runs: 9, pairedWith: "combine.direct-10k") {
    try scheduleTenThousand { scheduler, delay, action in
      let combine = scheduler.combine
      combine.schedule(after: combine.now.advanced(by: .nanoseconds(Int(delay))), action)
    }
  },
]

struct MissingActions: Error {
  var ran: Int
}

/// Schedules 10,000 counting actions with `schedule` (delays up to 1,000 s of virtual
/// time, seeded), runs the scheduler, and returns the seconds it took.
func scheduleTenThousand(
  _ schedule: (TestScheduler, Int64, @escaping @Sendable () -> Void) -> Void
) throws -> Double {
  let count = 10_000
  let scheduler = TestScheduler()
  let ran = Atomic<Int>(0)
  var random = SplitMix64(seed: 42)
  let elapsed = seconds {
    for _ in 0..<count {
      schedule(scheduler, Int64(random.next() % 1_000_000_000_000)) { ran.add(1, ordering: .relaxed) }
    }
    scheduler.run(maxSteps: count + 1)
  }
  let total = ran.load(ordering: .relaxed)
  guard total == count else { throw MissingActions(ran: total) }
  return elapsed
}
