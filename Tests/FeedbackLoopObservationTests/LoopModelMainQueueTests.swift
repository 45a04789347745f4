import Dispatch
import FeedbackLoop
import FeedbackLoopObservation
import Observation
import Synchronization
import Testing

/// A `LoopModel` on `MainQueueScheduler` takes its states on the main thread, where views
/// read them: observers are told there, and a field changes only once the main queue ran.
@Suite(.timeLimit(.minutes(1))) struct LoopModelMainQueueTests {
  enum Event: Hashable, Sendable { case rename(String) }

  static let profile = System<String, Event>(initial: "") {
    Reducer { state, event in
      switch event {
      case .rename(let name): state = name
      }
    }
  }

  /// The main thread's id, and a wait for every block queued on the main queue so far.
  static func onMainQueue() async -> UInt {
    await withCheckedContinuation { continuation in
      DispatchQueue.main.async { continuation.resume(returning: currentThreadID()) }
    }
  }

  @Test func aModelOnTheMainQueueIsToldOfNewStatesOnTheMainThread() async {
    let model = LoopModel(Self.profile, scheduler: MainQueueScheduler.shared)
    let main = await Self.onMainQueue()  // the loop's first turn ran
    let toldOn = Mutex<[UInt]>([])
    withObservationTracking({ _ = model.state }, onChange: { toldOn.withLock { $0.append(currentThreadID()) } })
    let gate = DispatchSemaphore(value: 0)
    DispatchQueue.main.async { gate.wait() }  // the main queue is busy until the gate opens
    await Task.detached {
      model.send(.rename("Ada"))
      #expect(model.state == "")  // not reduced by the sender: waiting on the main queue
      gate.signal()
    }.value
    _ = await Self.onMainQueue()
    #expect(model.state == "Ada")
    #expect(toldOn.withLock { $0 } == [main])
    model.loop.stop()
  }
}
