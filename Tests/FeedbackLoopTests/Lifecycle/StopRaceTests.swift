import Dispatch
import FeedbackLoop
import Foundation
import Testing

/// `stop()` against a running turn: one reporter at a time, nothing after `.stopped`, an
/// effect's start before its end, an emission the monitor saw is reduced (issue #13).
@Suite struct StopRaceTests {
  enum Event: Hashable, Sendable { case go, echo, ping }

  /// `worker` restarts a long effect on every state; `echo` emits synchronously on odd
  /// states; `quick` emits from an async effect now and then.
  static let system = System<Int, Event>(initial: 0) {
    Reducer { state, _ in state += 1 }
    Feedback("worker") { (_: Int) -> Effect<Event> in
      .run { _, _ in try await Task.sleep(for: .seconds(3600)) }
    }
    Feedback("echo") { (state: Int) -> Effect<Event> in state % 2 == 1 ? .send(.echo) : .none }
    Feedback("quick") { (state: Int) -> Effect<Event> in
      state % 5 == 2 ? .run { send, _ in send(.ping) } : .none
    }
  }

  // The racing tests block on semaphores instead of awaiting: the cooperative threads are
  // few and other tests may keep them busy, which must not change what these tests see.

  @Test func aStopWhileTheMonitorIsBusyIsReportedByThatTurnAfterIt() {
    // The turn is held inside the monitor (reducing `go`) while another thread calls stop().
    // The turn then reacts to state 1: `echo`'s event would be dropped, so it is not
    // reported; `worker`'s restart is refused. The turn reports the stop as it ends, and
    // only then does stop() return.
    let inside = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
    let stopped = DispatchSemaphore(value: 0)
    let audit = ActivityAudit<Int, Event>(during: { activity in
      switch activity {
      case .reduced(.go, _, _, _, _):
        inside.signal()
        _ = release.wait(timeout: .now() + 60)
      case .stopped:
        stopped.signal()
      default:
        break
      }
    })
    let scheduler = QueueScheduler(label: "StopRaceTests.busyMonitor")
    let loop = Loop(Self.system, scheduler: scheduler, onStep: audit.monitor)
    loop.send(.go)
    #expect(inside.wait(timeout: .now() + 60) == .success)
    // stop() from another thread: it waits for the turn, which is held in the monitor.
    let stopReturned = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      loop.stop()
      stopReturned.signal()
    }
    for _ in 0..<60_000 where !loop.isStopped { usleep(1_000) }
    #expect(loop.isStopped)
    #expect(stopReturned.wait(timeout: .now() + 0.2) == .timedOut)  // still waiting for the turn
    release.signal()
    #expect(stopReturned.wait(timeout: .now() + 60) == .success)
    #expect(stopped.wait(timeout: .now() + 0) == .success)  // reported before stop() returned
    scheduler.queue.sync {}
    #expect(audit.violations == [])
    #expect(
      audit.lines == [
        "start 0", "started worker 0", "reduce go from external: 0 -> 1", "cancelled worker 0", "stopped",
      ])
    #expect(loop.state == 1)
  }

  @Test func aStopFromInsideAFeedbackIsReportedWhenTheTurnEnds() {
    // Feedbacks declared after the stopping one run on the same state, but start nothing.
    let holder = Box<Loop<Int, Event>?>(nil)
    let system = System<Int, Event>(initial: 0) {
      Reducer { state, _ in state += 1 }
      Feedback("worker") { (_: Int) -> Effect<Event> in
        .run { _, _ in try await Task.sleep(for: .seconds(3600)) }
      }
      Feedback("stopper") { (state: Int) -> Effect<Event> in
        if state == 2 { holder.current?.stop() }
        return .none
      }
      Feedback("echo") { (state: Int) -> Effect<Event> in state >= 1 ? .send(.echo) : .none }
    }
    let audit = ActivityAudit<Int, Event>()
    let loop = Loop(system, onStep: audit.monitor)
    holder.update { $0 = loop }
    loop.send(.go)
    #expect(audit.violations == [])
    #expect(
      audit.lines == [
        "start 0", "started worker 0",
        "reduce go from external: 0 -> 1", "cancelled worker 0", "started worker 1",
        "started echo 2", "emitted echo 2 echo", "finished echo 2",
        "reduce echo from echo: 1 -> 2", "cancelled worker 1", "started worker 3",
        "cancelled worker 3", "stopped",
      ])
    #expect(loop.isStopped && loop.state == 2)
    holder.update { $0 = nil }
  }

  /// 1,000, or `FEEDBACKLOOP_SOAK_REPETITIONS` (`Scripts/soak`).
  static let repetitions =
    ProcessInfo.processInfo.environment["FEEDBACKLOOP_SOAK_REPETITIONS"].flatMap(Int.init) ?? 1_000

  @Test func aCancellationIsNeverReportedBeforeItsStart() {
    // A turn restarts `worker` on every event while the test's thread calls stop(). Before
    // the fix, stop() could cancel and report an effect the turn had registered but not yet
    // reported as started: two repetitions in a thousand here, so this test runs five
    // times as many as the others.
    let system = System<Int, Event>(initial: 0) {
      Reducer { state, _ in state += 1 }
      Feedback("worker") { (_: Int) -> Effect<Event> in
        .run { _, _ in try await Task.sleep(for: .seconds(3600)) }
      }
    }
    let failures = Self.raceStops(system, repetitions: 5 * Self.repetitions, sends: 17) { audit in
      audit.violations.filter { $0.hasPrefix("ended before it started") }
    }
    #expect(failures == [])
  }

  @Test func stopRacingBusyTurnsKeepsEveryPromise() {
    // Events are sent while the queue's turn reduces them and restarts effects; stop()
    // comes from the test's thread at a different moment each time. Before the fix, most
    // repetitions reported from two threads at once or after `.stopped`.
    let failures = Self.raceStops(Self.system, repetitions: Self.repetitions, sends: 23) { audit in
      audit.violations.isEmpty ? [] : audit.violations + ["in \(audit.lines)"]
    }
    #expect(failures == [])
  }

  /// Runs `system` on a queue scheduler `repetitions` times: sends up to `sends - 1` events
  /// (a different number each time), stops the loop from this thread while its turn is busy,
  /// waits for `.stopped`, and collects what `problems` finds in each audit (at most five).
  static func raceStops(
    _ system: System<Int, Event>, repetitions: Int, sends: Int,
    problems: (ActivityAudit<Int, Event>) -> [String]
  ) -> [String] {
    var failures: [String] = []
    for repetition in 0..<repetitions where failures.count < 5 {
      let stopped = DispatchSemaphore(value: 0)
      let audit = ActivityAudit<Int, Event>(during: { activity in
        if case .stopped = activity { stopped.signal() }
      })
      let scheduler = QueueScheduler(label: "StopRaceTests.\(repetition)")
      let loop = Loop(system, scheduler: scheduler, onStep: audit.monitor)
      for _ in 0..<(repetition % sends) { loop.send(.go) }
      loop.stop()
      guard stopped.wait(timeout: .now() + 60) == .success else {
        failures.append("repetition \(repetition): .stopped never reported")
        continue
      }
      scheduler.queue.sync {}
      let found = problems(audit)
      if !found.isEmpty { failures.append("repetition \(repetition): \(found)") }
    }
    return failures
  }
}
