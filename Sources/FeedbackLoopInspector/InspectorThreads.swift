import Foundation

/// The threads every inspector's tasks run on: the folder's polling, each request's response
/// and each open event stream.
///
/// Swift's shared pool has one thread per core. In an app under test, or a test process
/// running other suites, its threads can all be busy with work that blocks (a synchronous
/// wait, a long render), and a server on that pool then answers nothing until they return:
/// in one whole-suite run the inspector took 190 s to start, and a page's flush → shown
/// reached 523 ms beside a second suite. The inspector's work is small and must not wait in
/// that queue, so it runs on threads of its own (``Inspector/run(ready:)`` prefers them for
/// all its child tasks). Two threads, so that rendering one loop's page never holds up an
/// event stream; the jobs wait in one first-in, first-out queue.
final class InspectorThreads: TaskExecutor, @unchecked Sendable {
  /// The threads of the process's inspectors, started when first used.
  static let shared = InspectorThreads(count: 2)

  private let condition = NSCondition()
  // Guarded by `condition`: the queue is `jobs[head...]`.
  private var jobs: [UnownedJob] = []
  private var head = 0

  private init(count: Int) {
    for number in 1...count {
      let thread = Thread { self.serve() }
      thread.name = "diagram-watch-\(number)"
      thread.start()
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Runs jobs as they come, for the life of the process.
  private func serve() {
    while true {
      condition.lock()
      while head == jobs.count { condition.wait() }
      let job = jobs[head]
      head += 1
      if head == jobs.count {
        jobs.removeAll(keepingCapacity: true)
        head = 0
      } else if head >= 1_024, head * 2 >= jobs.count {
        jobs.removeFirst(head)
        head = 0
      }
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
