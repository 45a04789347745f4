import FeedbackLoop
import FeedbackLoopTesting

/// The test kit's rows: the scheduler at 1k…1M actions, and a feedback cycle recorded.
let testKitBenchmarks: [Benchmark] = [1_000, 10_000, 100_000, 1_000_000].map { count in
  Benchmark(name: "scheduler.run-\(count >= 1_000_000 ? "\(count / 1_000_000)m" : "\(count / 1_000)k")", unit: "s") {
    let scheduler = TestScheduler()
    var random = SplitMix64(seed: 42)
    return seconds {
      for _ in 0..<count {
        scheduler.schedule(after: .microseconds(Int64(random.next() % 1_000_000_000))) {}
      }
      scheduler.run(maxSteps: count + 1)
    }
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
  },
]

/// A small, fast, seeded generator: the same delays on every run.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
