import Dispatch
import FeedbackLoop
import FeedbackLoopTesting

/// The async effect cycle, what users write most: every new state starts a `.task` effect
/// that returns the next event at once (no sleep), until the state reaches the count. Each
/// cycle is a task started on the scheduler's executor, its event queued, reduced, and the
/// effect finished. On `TestScheduler` the tasks run on its executor inside `run()`; on
/// `QueueScheduler` on Swift's global executor (or the queue's, where it has one), with the
/// loop's turns on the queue.
let asyncEffectBenchmarks: [Benchmark] = [
  Benchmark(name: "effect.task.test-scheduler", unit: "µs/cycle") {
    let count = 100_000
    let scheduler = TestScheduler()
    let loop = Loop(taskChain(limit: count), scheduler: scheduler)
    let elapsed = seconds { scheduler.run(maxSteps: 10 * count) }
    precondition(loop.state == count, "the task chain stopped at \(loop.state)")
    loop.stop()
    return elapsed / Double(count) * 1e6
  },
  Benchmark(name: "effect.task.queue", unit: "µs/cycle") {
    let count = 100_000
    let done = DispatchSemaphore(value: 0)
    var loop: Loop<Int, TaskEvent>?
    let elapsed = seconds {
      loop = Loop(taskChain(limit: count, done: done), scheduler: QueueScheduler(label: "benchmarks.task-cycle"))
      precondition(done.wait(timeout: .now() + 600) == .success, "the task chain did not reach \(count)")
    }
    loop?.stop()
    return elapsed / Double(count) * 1e6
  },
]

enum TaskEvent: Sendable { case next }

/// A system whose `next` feedback starts a `.task` effect on every state below `limit`.
func taskChain(limit: Int, done: DispatchSemaphore? = nil) -> System<Int, TaskEvent> {
  System(initial: 0) {
    Reducer { state, _ in state &+= 1 }
    Feedback("next") { (state: Int) -> Effect<TaskEvent> in
      if state == limit { done?.signal() }
      return state < limit ? .task { _ in .next } : .none
    }
  }
}
