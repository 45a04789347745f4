import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// `await loop.idle()` returns once the events queued so far, and everything they caused
/// synchronously, are reduced; `stop()` after it loses none of them.
// Three minutes, like the other suites that await a loop: the limit guards against a hang,
// and under ThreadSanitizer on two cores one minute was once not enough to get a thread.
@Suite(.timeLimit(.minutes(3))) struct LoopIdleTests {
  enum Event: Hashable, Sendable { case add(Int), chain(Int) }

  /// Appends each `add`; a `chain(n)` makes a feedback send `chain(n - 1)` at once, down to 0.
  static let system = System<[Int], Event>(
    initial: [],
    reduce: { state, event in
      switch event {
      case .add(let value): state.append(value)
      case .chain(let left): state.append(-left)
      }
    },
    feedbacks: [
      Feedback.reacting("chain") { _, event in
        guard case .chain(let left)? = event, left > 0 else { return .none }
        return .send(.chain(left - 1))
      }
    ])

  @Test func eventsSentFromAnotherTaskAreAllReducedWhenIdleReturns() async {
    let loop = Loop(Self.system, scheduler: QueueScheduler())
    await Task.detached {
      for value in 0..<1_000 { loop.send(.add(value)) }
    }.value
    await loop.idle()
    #expect(loop.state == Array(0..<1_000))
    loop.stop()
  }

  @Test func whatTheEventsCausedSynchronouslyIsReducedToo() async {
    let loop = Loop(Self.system, scheduler: QueueScheduler())
    loop.send(.chain(100))
    await loop.idle()
    #expect(loop.state == (0...100).map { -(100 - $0) })
    loop.stop()
  }

  @Test func stopAfterIdleLosesNoQueuedEvent() async {
    let loop = Loop(Self.system, scheduler: QueueScheduler())
    for value in 0..<500 { loop.send(.add(value)) }
    await loop.idle()
    loop.stop()
    #expect(loop.state.count == 500)
  }

  @Test func idleWaitsForTheTestSchedulerToRunTheTurn() async {
    let scheduler = TestScheduler()
    let loop = Loop(Self.system, scheduler: scheduler)
    loop.send(.add(1))
    let waiter = Task { await loop.idle() }
    scheduler.advance()
    await waiter.value
    #expect(loop.state == [1])
    loop.stop()
  }

  @Test func aStoppedLoopIsIdleAndStoppingReleasesTheWaiters() async {
    let scheduler = TestScheduler()
    let loop = Loop(Self.system, scheduler: scheduler)  // its first turn never runs
    loop.send(.add(1))
    let waiter = Task { await loop.idle() }
    loop.stop()
    await waiter.value  // released by stop(), whether it began waiting before or after
    await loop.idle()  // and returns at once from now on
    #expect(loop.state == [])
  }
}
