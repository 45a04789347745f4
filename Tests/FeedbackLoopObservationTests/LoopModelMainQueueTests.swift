import Dispatch
import Foundation
import FeedbackLoop
import FeedbackLoopObservation
import Observation
import Synchronization
import Testing

/// A `LoopModel` on `MainQueueScheduler` takes its states on the main thread, where views
/// read them: observers are told there, and a field changes only once the main queue ran.
@Suite(.timeLimit(.minutes(3))) struct LoopModelMainQueueTests {
  enum Event: Hashable, Sendable { case rename(String) }

  static let profile = System<String, Event>(initial: "") {
    Reducer { state, event in
      switch event {
      case .rename(let name): state = name
      }
    }
  }

  /// Whether the caller runs on the main queue (asked of the queue: on Linux the main
  /// queue may be served by different threads over a process's life).
  static func onMainQueue() -> Bool {
    _ = mark
    return DispatchQueue.getSpecific(key: key) == "main"
  }

  static let key = DispatchSpecificKey<String>()
  static let mark: Void = DispatchQueue.main.setSpecific(key: key, value: "main")

  /// Returns once every block queued on the main queue so far has run.
  static func drainMainQueue() async {
    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
  }

  @Test func aModelOnTheMainQueueIsToldOfNewStatesOnTheMainQueue() async {
    let model = LoopModel(Self.profile, scheduler: MainQueueScheduler.shared)
    await Self.drainMainQueue()  // the loop's first turn ran
    let toldOnMain = Mutex<[Bool]>([])
    withObservationTracking({ _ = model.state }, onChange: { toldOnMain.withLock { $0.append(Self.onMainQueue()) } })
    let gate = DispatchSemaphore(value: 0)
    DispatchQueue.main.async { gate.wait() }  // the main queue is busy until the gate opens
    // A thread, not a task: opening the gate must not wait for a free thread of the
    // cooperative pool while the main queue is blocked (see MainQueueSchedulerTests).
    let stateSeenBySender = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
      Thread {
        model.send(.rename("Ada"))
        let state = model.state  // not reduced by the sender: waiting on the main queue
        gate.signal()
        continuation.resume(returning: state)
      }.start()
    }
    #expect(stateSeenBySender == "")
    await Self.drainMainQueue()
    #expect(model.state == "Ada")
    #expect(toldOnMain.withLock { $0 } == [true])
    model.loop.stop()
  }
}
