import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTracing
import FeedbackLoopTesting
import Foundation
import Testing
import FeedbackLoopSupport

/// Issue #19, item 3: `TraceWriter.flush()` while the loop runs always leaves a consistent
/// prefix — every step handed over before it, as whole lines numbered from 0 without a gap —
/// which replays to its end. (A reader racing the writes that follow a flush may see part of
/// a line; the test keeps it for the next read, as a live reader must.)
@Suite struct FlushedTraceTests {
  enum Tick: String, Hashable, Sendable, Codable { case up }

  static let counter = System<Int, Tick>("Busy", initial: 0) {
    Transitions {
      Transition(from: .any, on: .up) { state, _ in state + 1 }
    }
  }

  @Test func aThousandFlushesUnderLoadEachLeaveAConsistentPrefixThatReplays() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("FlushedTraceTests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let scheduler = QueueScheduler()
    let writer = try TraceWriter(
      recording: Self.counter, scheduler: scheduler, to: directory,
      policy: .rotatingFiles(stepsPerFile: 1_000_000, keep: 1))
    // Steps the writer has been handed so far: the flushes below are paced by it, not by the
    // clock, so that on any machine the load goes on through all thousand flushes.
    let recorded = Protected(0)
    let loop = Loop(Self.counter, scheduler: scheduler) { step in
      writer.record(step)
      recorded.withLock { $0 += 1 }
    }
    // A bound that keeps the replays below quick (replay compares the steps so far at each
    // step it drives).
    let events = 1_000
    let producing = Protected(true)
    let producer = Thread {
      // The load: events in bursts of 10, while the flushes go on.
      var sent = 0
      while producing.withLock({ $0 }), sent < events {
        for _ in 0..<10 { loop.send(.up) }
        sent += 10
        Thread.sleep(forTimeInterval: 0.000_2)
      }
    }
    producer.start()
    defer { producing.withLock { $0 = false } }

    var file: FileHandle?
    var pending = Data()  // bytes read but not yet a whole line (must stay empty after a flush)
    var header: TraceHeader?
    var steps: [TraceStep] = []
    var replayed = 0
    for flush in 1...1_000 {
      // Flush k comes after at least k steps reached the writer (the initial step and events).
      let due = min(flush, events)
      let deadline = Date().addingTimeInterval(60)
      while recorded.withLock({ $0 }) < due, Date() < deadline { Thread.sleep(forTimeInterval: 0.000_05) }
      try #require(
        recorded.withLock({ $0 }) >= due, "the loop stopped handing steps to the writer before flush \(flush)")
      writer.flush()
      if file == nil, let url = writer.status.files.last { file = try FileHandle(forReadingFrom: url) }
      guard let file else { continue }
      pending += try file.readToEnd() ?? Data()
      // The writer goes on writing while this reads: a read can end inside a line that a
      // write after the flush is still copying (a regular file grows page by page), so the
      // tail waits in `pending` for the next read. What the flush promises is below: every
      // step handed over before it is on disk, whole.
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = pending[pending.startIndex..<newline]
        pending = Data(pending[(newline + 1)...])
        if header == nil {
          header = try JSONDecoder().decode(TraceHeader.self, from: line)
        } else {
          let step = try JSONDecoder().decode(TraceStep.self, from: line)
          #expect(step.index == steps.count, "flush \(flush): step #\(step.index) after \(steps.count) steps")
          steps.append(step)
        }
      }
      #expect(steps.count >= due, "flush \(flush): \(steps.count) whole steps after \(due) were handed over")
      if [250, 500, 1_000].contains(flush), let header, !steps.isEmpty {
        // The copy as it stands replays to its last step, and says it has no stop record.
        let result = TraceReplay(Trace(header: header, steps: steps), system: Self.counter, source: "copy").run()
        #expect(result.passed, "flush \(flush)")
        #expect(result.endedWithoutStopRecord)
        replayed += 1
      }
    }
    producing.withLock { $0 = false }
    loop.stop()
    writer.close()
    if let file { pending += try file.readToEnd() ?? Data() }
    #expect(pending.isEmpty || pending.last == UInt8(ascii: "\n"), "the closed file ends inside a line")
    #expect(replayed == 3)
    #expect(steps.count >= events)  // every flush came while the loop was busy, the last after all events
  }
}
