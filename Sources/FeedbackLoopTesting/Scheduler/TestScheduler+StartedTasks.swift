#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tasks started while a ``TestScheduler`` moves time run on it.
///
/// `Task(executorPreference:)` gives a loop's effects the test scheduler as their executor,
/// and child tasks (task groups, `async let`) inherit it; an unstructured `Task { }` does
/// not (SE-0417), so the tasks a `Feedback.states` sequence starts — the user's own, and
/// those inside swift-async-algorithms' `debounce` and `flatMapLatest` — would run on
/// Swift's global executor, on other threads, racing the test. Swift's runtime lets a
/// program see every job enqueued on the global executor (`swift_task_enqueueGlobal_hook`,
/// as swift-concurrency-extras' `withMainSerialExecutor` uses it); this hook sends to a
/// test scheduler the jobs enqueued *on a thread that is moving that scheduler's time*
/// (inside `advance`, `run` or `step`), and every other job where it went before. Work
/// started by a loop's turn or by its effects is enqueued on that thread, so it stays on
/// the scheduler, with the rest of the test.
///
/// Installed once per process, by the first ``TestScheduler``. A hook installed earlier is
/// kept and called for the jobs this one passes on.
enum StartedTasks {
  typealias Original = @convention(thin) (UnownedJob) -> Void
  typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  /// The runtime's hook variable, or `nil` where the runtime has none.
  nonisolated(unsafe) static let hookVariable: UnsafeMutablePointer<Hook?>? = {
    // `dlopen(nil)`: the symbols of the process, Swift's concurrency runtime among them.
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else { return nil }
    return symbol.assumingMemoryBound(to: Hook?.self)
  }()

  /// The hook that was there before, called for the jobs no test scheduler takes. A
  /// `static let`: read once, before this hook is installed, and every later read goes
  /// through Swift's once-only initialization (which ThreadSanitizer sees as ordering).
  static let previous: Hook? = hookVariable?.pointee

  /// The thread-local slot naming the scheduler that moves time on this thread.
  static let running: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Installs the hook, once per process (Swift runs a static's initializer once).
  static let installed: Bool = {
    guard let hookVariable else { return false }
    _ = previous
    hookVariable.pointee = { job, original in
      if let scheduler = StartedTasks.scheduler {
        scheduler.enqueueStarted(job)
      } else if let previous = StartedTasks.previous {
        previous(job, original)
      } else {
        original(job)
      }
    }
    return true
  }()

  /// The scheduler moving time on this thread, if any.
  static var scheduler: TestScheduler? {
    guard let pointer = pthread_getspecific(running) else { return nil }
    return Unmanaged<TestScheduler>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Runs `body` with `scheduler` as the one moving time on this thread (the caller keeps
  /// it alive meanwhile), then restores the one before (a nested scheduler's).
  static func moving<Result>(_ scheduler: TestScheduler, _ body: () -> Result) -> Result {
    let before = pthread_getspecific(running)
    pthread_setspecific(running, Unmanaged.passUnretained(scheduler).toOpaque())
    defer { pthread_setspecific(running, before) }
    return body()
  }
}
