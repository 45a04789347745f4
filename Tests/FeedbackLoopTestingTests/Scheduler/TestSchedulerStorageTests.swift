import FeedbackGraph
import FeedbackLoop
@testable import FeedbackLoopTesting
import Testing

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
