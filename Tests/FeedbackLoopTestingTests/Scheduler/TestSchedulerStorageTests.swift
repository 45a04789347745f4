import FeedbackGraph
import FeedbackLoop
@testable import FeedbackLoopTesting
import Testing
import FeedbackLoopSupport

/// The scheduler's storage: 16-byte heap entries whose key packs a 32-bit sequence and the
/// action's slot, and the renumbering that keeps ties in order when the sequence would wrap.
@Suite struct TestSchedulerStorageTests {
  @Test func heapEntriesAreSixteenBytes() {
    #expect(MemoryLayout<TestScheduler.Entry>.stride == 16)
  }

  @Test func tiesKeepSchedulingOrderWhenTheSequenceWouldWrap() {
    let scheduler = TestScheduler()
    let log = Protected<[String]>([])
    scheduler.storage.withLock { $0.sequence = .max - 2 }
    for name in ["a", "b", "c", "d", "e"] {
      scheduler.schedule(after: .seconds(1)) { log.withLock { $0.append(name) } }
    }
    scheduler.schedule(after: .milliseconds(500)) { log.withLock { $0.append("early") } }
    // "a" and "b" took the last two sequences; "c" found none left, so the pending entries
    // were renumbered 0, 1 and counting went on from 2.
    #expect(scheduler.storage.withLock { $0.sequence } == 6)
    scheduler.advance(by: .seconds(1))
    #expect(log.withLock { $0 } == ["early", "a", "b", "c", "d", "e"])
  }

  @Test func nanosecondsAgreeWithTheClampedConversion() {
    var random = SplitMix64(seed: 7)
    var durations: [Duration] = [
      .zero, .nanoseconds(1), .seconds(1), .seconds(Int64.max), .seconds(Int64.min), .nanoseconds(-1),
      .seconds(9_223_372_036) + .nanoseconds(854_775_807), .seconds(9_223_372_037),
      Duration(attoseconds: Int128(500_000_000) << 64 - 1), Duration(attoseconds: Int128(500_000_000) << 64),
    ]
    for _ in 0..<1_000 {
      durations.append(
        Duration(attoseconds: Int128(Int64(bitPattern: random.next()) >> 20) << 32 + Int128(random.next())))
      durations.append(.microseconds(Int64(random.next() % 1_000_000_000_000)))
    }
    #expect(durations.filter { TestScheduler.nanoseconds($0) != $0.clampedNanoseconds } == [])
  }

  @Test func slotsAreReusedAndUnlabelledActionsKeepNoLabel() {
    let scheduler = TestScheduler()
    for round in 0..<3 {
      scheduler.schedule(after: .seconds(1), label: "round \(round)") {}
      scheduler.schedule {}
      scheduler.advance(by: .seconds(1))
    }
    #expect(scheduler.storage.withLock { $0.actions.count } == 2)
    #expect(scheduler.storage.withLock { $0.labels.isEmpty })
  }
}
