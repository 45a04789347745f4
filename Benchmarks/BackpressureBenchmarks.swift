import Dispatch
import FeedbackLoop

/// Peak memory of an async producer faster than its loop (issue #13): one `.sequence`
/// effect emits 1M or 3M events into a loop on `InlineScheduler` (each event reduced on
/// the producer's thread) or on `QueueScheduler` (reduced on the queue, while the producer
/// runs ahead until `Send.waitingForRoom` makes it wait). The peak RSS (`VmHWM`, reset
/// before each run) is the row's value; targets: the queue within 1.5× of the immediate
/// case, and no growth from 1M to 3M events.
let backpressureBenchmarks: [Benchmark] = [
  sequenceRow(events: 1_000_000, on: "immediate"),
  sequenceRow(events: 1_000_000, on: "queue", pairedWith: "memory.sequence-1m.immediate"),
  sequenceRow(events: 3_000_000, on: "immediate", runs: 1),
  sequenceRow(events: 3_000_000, on: "queue", runs: 1, pairedWith: "memory.sequence-3m.immediate"),
]

private func sequenceRow(events: Int, on scheduler: String, runs: Int = 3, pairedWith: String? = nil) -> Benchmark {
  Benchmark(
    name: "memory.sequence-\(events / 1_000_000)m.\(scheduler)", unit: "MB peak", runs: runs, pairedWith: pairedWith
  ) {
    Double(sequencePeakKilobytes(events: events, queue: scheduler == "queue")) / 1024
  }
}

/// Runs `events` events from one `.sequence` effect through a loop, waits until all are
/// reduced, and returns the peak RSS of the run in kB.
private func sequencePeakKilobytes(events: Int, queue: Bool) -> Int {
  precondition(resetPeakResident(), "cannot reset the peak RSS (/proc/self/clear_refs)")
  let done = DispatchSemaphore(value: 0)
  let system = System<Int, Int>(initial: 0) {
    Reducer { state, _ in state &+= 1 }
    Feedback.whenBecomesTrue("numbers", { $0 == 0 }) { _ in .sequence(Numbers(count: events)) }
      .strategy(.continueOnNewState)
    Feedback("done") { (state: Int) -> Effect<Int> in
      if state == events { done.signal() }
      return .none
    }
  }
  let loop = Loop(system, scheduler: queue ? QueueScheduler(label: "benchmarks.sequence") : InlineScheduler())
  // The work check: `done` fires only once the state counted every event.
  precondition(done.wait(timeout: .now() + 600) == .success, "the loop did not reduce \(events) events")
  loop.stop()
  return peakResidentKilobytes()
}

/// 0, 1, 2, … `count - 1`, as fast as asked.
private struct Numbers: AsyncSequence, Sendable {
  let count: Int

  struct AsyncIterator: AsyncIteratorProtocol {
    let count: Int
    var next = 0
    mutating func next() async -> Int? {
      guard next < count else { return nil }
      defer { next += 1 }
      return next
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(count: count) }
}
