import Dispatch
import Foundation
import FeedbackLoop
import Testing

/// Whether the caller runs on the main queue (a queue-specific value set on it; on Linux
/// the main queue may be served by different threads over a process's life, so the test
/// asks the queue, not the thread).
func onMainQueue() -> Bool {
  MainQueueMark.set
  return DispatchQueue.getSpecific(key: MainQueueMark.key) == "main"
}

/// The mark the main queue carries, set once.
enum MainQueueMark {
  static let key = DispatchSpecificKey<String>()
  static let set: Void = DispatchQueue.main.setSpecific(key: key, value: "main")
}

/// Returns once every block queued on the main queue before this call has run.
func drainMainQueue() async {
  await withCheckedContinuation { continuation in
    DispatchQueue.main.async { continuation.resume() }
  }
}

/// `MainQueueScheduler` reduces on the main queue and fires its timers there; its effects
/// run off it. On Linux the Swift Testing runner serves the main queue (its `main` is
/// `async`), so these tests drain it by waiting for a block queued behind the work.
@Suite(.timeLimit(.minutes(3))) struct MainQueueSchedulerTests {
  enum Event: Hashable, Sendable { case add(Int), fetch, fetched }

  @Test func eventsSentFromOtherThreadsAreReducedOnTheMainQueueInOrder() async {
    let queues = Box<Set<Bool>>([])
    let system = System<[Int], Event>(
      initial: [],
      reduce: { state, event in
        queues.update { _ = $0.insert(onMainQueue()) }
        if case .add(let value) = event { state.append(value) }
      })
    let loop = Loop(system, scheduler: MainQueueScheduler.shared)
    await Task.detached {
      for value in 0..<100 { loop.send(.add(value)) }
    }.value
    await drainMainQueue()
    #expect(loop.state == Array(0..<100))
    #expect(queues.current == [true])
    loop.stop()
  }

  @Test func sendReturnsBeforeTheEventIsReduced() async {
    let system = System<[Int], Event>(
      initial: [], reduce: { state, event in if case .add(let value) = event { state.append(value) } })
    let loop = Loop(system, scheduler: MainQueueScheduler())
    await drainMainQueue()  // the first turn
    let gate = DispatchSemaphore(value: 0)
    DispatchQueue.main.async { gate.wait() }  // the main queue is busy until the gate opens
    // The sender is a thread of its own, not a task: while the main queue waits for the
    // gate, opening it must not depend on a free thread of the cooperative pool (on two
    // cores, other suites' blocking waits may hold both, and everything on the main queue
    // stalled behind this one under ThreadSanitizer).
    let stateSeenBySender = await withCheckedContinuation { (continuation: CheckedContinuation<[Int], Never>) in
      Thread {
        loop.send(.add(1))
        let state = loop.state  // queued on the main queue, not reduced by the sender
        gate.signal()
        continuation.resume(returning: state)
      }.start()
    }
    #expect(stateSeenBySender == [])
    await drainMainQueue()
    #expect(loop.state == [1])
    loop.stop()
  }

  @Test func timersFireOnTheMainQueueUnlessCancelled() async {
    let scheduler = MainQueueScheduler()
    let fired = Box<[Bool]>([])
    // The main queue is held busy until the first timer is cancelled: a timer whose time has
    // come may not run before its cancel (on a loaded machine this thread was once paused
    // for longer than the 1 ms between them, and the timer ran first, uncancelled).
    let gate = DispatchSemaphore(value: 0)
    DispatchQueue.main.async { gate.wait() }
    let cancelled = scheduler.schedule(after: .milliseconds(1)) { fired.update { $0.append(false) } }
    cancelled.cancel()
    gate.signal()
    await withCheckedContinuation { continuation in
      scheduler.schedule(after: .milliseconds(5)) {
        fired.update { $0.append(onMainQueue()) }
        continuation.resume()
      }
    }
    #expect(fired.current == [true])
  }

  @Test func effectsRunOffTheMainQueueAndTheirEventsAreReducedOnIt() async {
    let effectOnMain = Box<Bool?>(nil)
    let reducedOnMain = Box<[Bool]>([])
    let system = System<[Event], Event>(
      initial: [],
      reduce: { state, event in
        reducedOnMain.update { $0.append(onMainQueue()) }
        state.append(event)
      },
      feedbacks: [
        Feedback.reacting("fetch") { _, event in
          guard event == .fetch else { return .none }
          return .run { send, _ in
            effectOnMain.update { $0 = onMainQueue() }
            send(.fetched)
          }
        }
      ])
    let loop = Loop(system, scheduler: MainQueueScheduler.shared)
    loop.send(.fetch)
    #expect(await eventually { loop.state == [.fetch, .fetched] })
    await drainMainQueue()
    #expect(reducedOnMain.current == [true, true])
    #expect(effectOnMain.current == false)
    loop.stop()
  }
}
