import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTesting
import Testing
import FeedbackLoopSupport

/// An async sequence faster than the loop is read at the loop's pace (issue #13): the
/// loop never holds more than 256 of its events (`Effect.sequence`, `Send.waitingForRoom`).
@Suite(.timeLimit(.minutes(3))) struct BackpressureTests {
  /// 0, 1, 2, … up to `count`, never suspending, counting what it handed out.
  struct Numbers: AsyncSequence, Sendable {
    let count: Int
    let handedOut: Protected<Int>

    struct AsyncIterator: AsyncIteratorProtocol {
      let count: Int
      let handedOut: Protected<Int>
      mutating func next() async -> Int? {
        handedOut.withLock { value in
          guard value < count else { return nil }
          defer { value += 1 }
          return value
        }
      }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(count: count, handedOut: handedOut) }
  }

  /// A loop whose state counts reduced events and whose `numbers` feedback reads `count`
  /// numbers as events; `ahead` records the largest lead of the producer over the loop.
  static func system(count: Int, handedOut: Protected<Int>, ahead: Protected<Int>) -> System<Int, Int> {
    System(initial: 0) {
      Reducer { state, _ in
        state += 1
        let lead = handedOut.withLock { $0 } - state
        ahead.withLock { $0 = max($0, lead) }
      }
      Feedback.whenBecomesTrue("numbers", { $0 == 0 }) { _ in
        .sequence(Numbers(count: count, handedOut: handedOut))
      }
      .strategy(.continueOnNewState)
    }
  }

  @Test func aSequenceThatNeverSuspendsIsReadAtTheLoopsPace() {
    // On the test scheduler the producer runs until it suspends: without backpressure it
    // would hand out all 10,000 numbers before the loop reduces the first.
    let scheduler = TestScheduler()
    let handedOut = Protected(0), ahead = Protected(0)
    let loop = Loop(Self.system(count: 10_000, handedOut: handedOut, ahead: ahead), scheduler: scheduler)
    scheduler.run()
    #expect(loop.state == 10_000)
    #expect(ahead.withLock { $0 } <= 257)  // 256 queued, plus the one waiting for room
    #expect(ahead.withLock { $0 } >= 200)  // and it did run ahead: the bound was reached
    loop.stop()
  }

  /// A scheduler whose actions run only when the test calls `runAll()`; effects run on
  /// Swift's global executor, so a producer keeps running while the loop's turns wait.
  final class HeldScheduler: LoopScheduler {
    private let actions = Protected<[@Sendable () -> Void]>([])
    var now: Duration { .zero }
    func schedule(_ action: @escaping @Sendable () -> Void) { actions.withLock { $0.append(action) } }
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
      schedule(action)
      return ScheduledAction()
    }
    var clock: any Clock<Duration> { ContinuousClock() }
    var taskExecutor: (any TaskExecutor)? { nil }
    func runAll() {
      while let action = actions.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { action() }
    }
  }

  /// Polls `condition` every millisecond for up to ten seconds.
  static func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<10_000 {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
  }

  @Test func aProducerWaitingForRoomIsReleasedWhenTheLoopStops() async {
    // The loop's turns are held, so the producer fills its 256 places and waits; stopping
    // the loop cancels the effect, which releases the producer (its later events dropped).
    let scheduler = HeldScheduler()
    let sent = Protected(0), finished = Protected(false)
    let loop = Loop(
      System<Int, Int>(initial: 0) {
        Reducer { state, _ in state += 1 }
        Feedback.whenBecomesTrue("producer", { $0 == 0 }) { _ in
          .run { send, _ in
            for number in 0..<1_000 {
              await send.waitingForRoom(number)
              sent.withLock { $0 += 1 }
            }
            finished.withLock { $0 = true }
          }
        }
        .strategy(.continueOnNewState)
      }, scheduler: scheduler)
    scheduler.runAll()  // the first turn starts the producer
    #expect(await Self.eventually { sent.withLock { $0 } >= 256 })
    try? await Task.sleep(for: .milliseconds(20))  // were there room, it would go on
    #expect(sent.withLock { $0 } == 256)
    loop.stop()
    #expect(await Self.eventually { finished.withLock { $0 } })
    #expect(sent.withLock { $0 } == 1_000)
    scheduler.runAll()
    #expect(loop.state == 0)
  }
}
