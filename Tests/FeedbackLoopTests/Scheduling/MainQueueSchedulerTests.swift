import Dispatch
import FeedbackLoop
import Testing

/// `MainQueueScheduler` reduces on the main thread and fires its timers there; its effects
/// run off the main thread. On Linux the Swift Testing runner serves the main queue (its
/// `main` is `async`), so these tests drain it by waiting for a block queued behind the work.
@Suite(.timeLimit(.minutes(1))) struct MainQueueSchedulerTests {
  enum Event: Hashable, Sendable { case add(Int), fetch, fetched }

  /// The main thread's id, read on the main queue.
  static func mainThread() async -> UInt {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume(returning: currentThreadID()) }
    }
  }

  /// Returns once every block queued on the main queue before this call has run.
  static func drainMainQueue() async {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume() }
    }
  }

  @Test func eventsSentFromOtherThreadsAreReducedOnTheMainThreadInOrder() async {
    let main = await Self.mainThread()
    let threads = Box<Set<UInt>>([])
    let system = System<[Int], Event>(
      initial: [],
      reduce: { state, event in
        threads.update { _ = $0.insert(currentThreadID()) }
        if case .add(let value) = event { state.append(value) }
      })
    let loop = Loop(system, scheduler: MainQueueScheduler.shared)
    await Task.detached {
      for value in 0..<100 { loop.send(.add(value)) }
    }.value
    await Self.drainMainQueue()
    #expect(loop.state == Array(0..<100))
    #expect(threads.current == [main])
    loop.stop()
  }

  @Test func sendReturnsBeforeTheEventIsReduced() async {
    let system = System<[Int], Event>(
      initial: [], reduce: { state, event in if case .add(let value) = event { state.append(value) } })
    let loop = Loop(system, scheduler: MainQueueScheduler())
    await Self.drainMainQueue()  // the first turn
    let gate = DispatchSemaphore(value: 0)
    DispatchQueue.main.async { gate.wait() }  // the main queue is busy until the gate opens
    await Task.detached {
      loop.send(.add(1))
      #expect(loop.state == [])  // queued on the main queue, not reduced by the sender
      gate.signal()
    }.value
    await Self.drainMainQueue()
    #expect(loop.state == [1])
    loop.stop()
  }

  @Test func timersFireOnTheMainThreadUnlessCancelled() async {
    let main = await Self.mainThread()
    let scheduler = MainQueueScheduler()
    let fired = Box<[UInt]>([])
    let cancelled = scheduler.schedule(after: .milliseconds(1)) { fired.update { $0.append(0) } }
    cancelled.cancel()
    await withCheckedContinuation { continuation in
      scheduler.schedule(after: .milliseconds(5)) {
        fired.update { $0.append(currentThreadID()) }
        continuation.resume()
      }
    }
    #expect(fired.current == [main])
  }

  @Test func effectsRunOffTheMainThreadAndTheirEventsAreReducedOnIt() async {
    let main = await Self.mainThread()
    let effectThread = Box<UInt?>(nil)
    let reducedOn = Box<[UInt]>([])
    let system = System<[Event], Event>(
      initial: [],
      reduce: { state, event in
        reducedOn.update { $0.append(currentThreadID()) }
        state.append(event)
      },
      feedbacks: [
        Feedback.reacting("fetch") { _, event in
          guard event == .fetch else { return .none }
          return .run { send, _ in
            effectThread.update { $0 = currentThreadID() }
            send(.fetched)
          }
        }
      ])
    let loop = Loop(system, scheduler: MainQueueScheduler.shared)
    loop.send(.fetch)
    #expect(await eventually { loop.state == [.fetch, .fetched] })
    await Self.drainMainQueue()
    #expect(reducedOn.current == [main, main])
    #expect(effectThread.current != nil && effectThread.current != main)
    loop.stop()
  }
}
