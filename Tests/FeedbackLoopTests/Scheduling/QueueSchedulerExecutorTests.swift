import Dispatch
import FeedbackLoop
import Testing

/// `QueueScheduler` is a task executor for its queue: async effects scheduled on it run
/// their code on that queue, checked with a Dispatch queue-specific key.
@Suite(.timeLimit(.minutes(3))) struct QueueSchedulerExecutorTests {
  enum Event: Hashable, Sendable { case go, done }

  /// A queue scheduler whose queue answers `key` with `label`.
  static func scheduler(_ label: String, key: DispatchSpecificKey<String>) -> QueueScheduler {
    let scheduler = QueueScheduler(label: label)
    scheduler.queue.setSpecific(key: key, value: label)
    return scheduler
  }

  /// On `go`, an effect that notes the queue it runs on, before and after a sleep (a
  /// suspension point), then emits `done`.
  static func noting(_ key: DispatchSpecificKey<String>, into seen: Box<[String]>) -> Feedback<[Event], Event> {
    Feedback.reacting("note") { _, event in
      guard event == .go else { return .none }
      return .run { send, clock in
        seen.update { $0.append(DispatchQueue.getSpecific(key: key) ?? "elsewhere") }
        try await clock.sleep(for: .milliseconds(1))
        seen.update { $0.append(DispatchQueue.getSpecific(key: key) ?? "elsewhere") }
        send(.done)
      }
    }
  }

  static func system(_ feedback: Feedback<[Event], Event>) -> System<[Event], Event> {
    System(initial: [], reduce: { state, event in state.append(event) }, feedbacks: [feedback])
  }

  @Test func anEffectExecutedOnAQueueSchedulerRunsOnItsQueue() async {
    let key = DispatchSpecificKey<String>()
    let effects = Self.scheduler("effects", key: key)
    let seen = Box<[String]>([])
    let loop = Loop(Self.system(Self.noting(key, into: seen).execute(on: effects)))
    loop.send(.go)
    #expect(await eventually { loop.state == [.go, .done] })
    #expect(seen.current == ["effects", "effects"])
    loop.stop()
  }

  @Test func theEffectsOfALoopOnAQueueSchedulerRunOnItsQueue() async {
    let key = DispatchSpecificKey<String>()
    let loopScheduler = Self.scheduler("loop", key: key)
    let seen = Box<[String]>([])
    let loop = Loop(Self.system(Self.noting(key, into: seen)), scheduler: loopScheduler)
    loop.send(.go)
    #expect(await eventually { loop.state == [.go, .done] })
    #expect(seen.current == ["loop", "loop"])
    loop.stop()
  }

  @Test func theQueueSchedulerIsItsOwnTaskExecutor() async {
    let key = DispatchSpecificKey<String>()
    let scheduler = Self.scheduler("plain", key: key)
    let ranOn = Box<String?>(nil)
    let task = Task(executorPreference: scheduler.taskExecutor) {
      ranOn.update { $0 = DispatchQueue.getSpecific(key: key) }
    }
    await task.value
    #expect(ranOn.current == "plain")
  }
}
