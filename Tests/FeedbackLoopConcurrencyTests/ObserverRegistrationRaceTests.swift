import FeedbackLoop
import Foundation
import Testing
import FeedbackLoopSupport

/// Observers registered from other threads while a queue loop reduces: each sees exactly the
/// states after the one it was given, none missed and none repeated, wherever in a turn its
/// registration falls.
@Suite(.timeLimit(.minutes(3))) struct ObserverRegistrationRaceTests {
  enum Event: Hashable, Sendable { case increment }

  /// At least 20,000 sends and 600 observers; 400 and 20 under ThreadSanitizer (see
  /// `ThreadLoad`).
  static let sends = ThreadLoad.iterations(20_000)
  static let observers = ThreadLoad.iterations(600)

  /// One observer's record: the state `observeFromCurrent` returned, and what it was told
  /// until it was cancelled.
  struct Record: Sendable {
    let given: Int
    let seen: [Int]
  }

  @Test func everyObserverRegisteredDuringTheSendsSeesTheStatesRightAfterItsOwn() {
    let scheduler = QueueScheduler(label: "ObserverRegistrationRaceTests")
    let loop = Loop(System<Int, Event>(initial: 0, reduce: { state, _ in state += 1 }), scheduler: scheduler)
    let records = Protected<[Record]>([])
    let sending = Protected(true)
    // Thread 0 sends until both bounds are reached; threads 1-3 each register an observer,
    // keep it until it has been told of three states (or the sends are done), cancel it and
    // register the next. At most three observers at a time: the work stays linear.
    let sent = Protected(0)
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      if thread == 0 {
        var count = 0
        while count < Self.sends || records.withLock({ $0.count }) < Self.observers {
          loop.send(.increment)
          count += 1
        }
        sent.withLock { $0 = count }
        sending.withLock { $0 = false }
        return
      }
      while sending.withLock({ $0 }) {
        let seen = Protected<[Int]>([])
        let (given, observation) = loop.observeFromCurrent { state in seen.withLock { $0.append(state) } }
        while seen.withLock({ $0.count }) < 3, sending.withLock({ $0 }) { sched_yield() }
        observation.cancel()
        let record = Record(given: given, seen: seen.withLock { $0 })
        records.withLock { $0.append(record) }
      }
    }
    scheduler.queue.sync {}  // every turn scheduled by the sends has run
    #expect(loop.state == sent.withLock { $0 })
    let all = records.withLock { $0 }
    #expect(all.count >= Self.observers)
    // Each observer was told of consecutive states from the one after the state it was
    // given: a missed state leaves a gap, a repeated one a step back. Compared by first
    // mismatch: a failure names one observer instead of listing thousands.
    let firstWrong = all.first { $0.seen != Array($0.given + 1..<$0.given + 1 + $0.seen.count) }
      .map { "given \($0.given), told \(Array($0.seen.prefix(5)))" }
    #expect(firstWrong == nil)
    loop.stop()
  }
}
