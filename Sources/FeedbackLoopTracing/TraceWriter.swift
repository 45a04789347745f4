public import FeedbackLoop
public import Foundation

/// Records a running `Loop` to trace files, in an app, without slowing the loop down: the
/// last steps kept in memory, or a stream of rotating files.
///
/// ```swift
/// let scheduler = QueueScheduler()
/// let writer = try TraceWriter(
///   recording: trafficLight, scheduler: scheduler, to: logsDirectory, policy: .lastSteps(10_000))
/// let loop = Loop(trafficLight, scheduler: scheduler, onStep: writer.record)
/// // …
/// writer.flush()  // e.g. when the app reports a bug: the file now holds the last 10,000 steps
/// ```
///
/// ## Files
/// Every file is a trace on its own, as `diagram` and `TraceReader` read them: a
/// `TraceHeader` (the system's graph and fingerprint, outcome
/// `.recorded`), then one `TraceStep` per line. They are named
/// `<System>-<yyyyMMdd-HHmmss>-<pid>-<n>.jsonl` (the system's name reduced to letters,
/// digits, `-` and `_`; the time in UTC). A writer never replaces a file it did not create
/// (a taken name moves on to the next `n`) and deletes only files it created.
///
/// ## The loop comes first
/// ``record(_:)`` only appends the step to a bounded buffer; a dedicated thread describes,
/// encodes and writes steps. If the loop outruns that thread and the buffer is full, the
/// oldest pending steps are dropped and counted (``TraceWriterStatus/droppedSteps``, one
/// note on standard error, and the header of the next file). If the directory cannot be
/// used or a write fails (a full disk), the failure is reported once, through `onError`,
/// and the writer stops writing; the loop keeps running as if nothing happened.
///
/// Thread-safe: `record` is meant to be called on the loop's turn; the other methods from
/// any thread.
public final class TraceWriter<State: Sendable, Event: Sendable>: Sendable {
  /// What the writer keeps (see ``TraceWriterPolicy``).
  public typealias Policy = TraceWriterPolicy
  /// Why a writer stopped writing (see ``TraceWriterFailure``).
  package typealias Failure = TraceWriterFailure
  /// What a writer has done so far (see ``TraceWriterStatus``).
  package typealias Status = TraceWriterStatus

  /// The default bound on pending steps for ``TraceWriterPolicy/rotatingFiles(stepsPerFile:keep:)``.
  public static var defaultPendingLimit: Int { 65_536 }

  /// The system recorded.
  public let system: System<State, Event>
  /// The directory the files go to.
  public let directory: URL
  /// What the writer keeps.
  public let policy: TraceWriterPolicy
  /// The scheduler whose `LoopScheduler.now` stamps each step: the loop's scheduler.
  public let scheduler: any LoopScheduler
  let engine: TraceWriterEngine<State, Event>

  /// Creates a writer and starts its thread, which creates `directory` if needed and the
  /// first file; it does no I/O on the caller's thread.
  ///
  /// ```swift
  /// let writer = try TraceWriter(
  ///   recording: system, scheduler: scheduler, to: directory,
  ///   policy: .rotatingFiles(stepsPerFile: 100_000, keep: 5),
  ///   onError: { failure in logger.error("\(failure)") })
  /// let loop = Loop(system, scheduler: scheduler, onStep: writer.record)
  /// ```
  ///
  /// - Parameters:
  ///   - system: the system the loop runs (its graph goes into every file's header).
  ///   - scheduler: the loop's scheduler, for the steps' times.
  ///   - directory: where the files go; created (with its parents) if missing.
  ///   - policy: the last steps in memory, or rotating files.
  ///   - pendingLimit: how many reported steps may wait for the writer thread before the
  ///     oldest are dropped. For `lastSteps(n)` the bound is `n` and dropping never loses
  ///     one of the last `n` steps, so this is ignored.
  ///   - onError: called once, on the writer's thread, with the failure that stopped the
  ///     writer. By default one line on standard error naming the path and the OS error.
  /// - Throws: ``TraceWriterConfigurationError`` when `policy` or `pendingLimit` cannot
  ///   work (`lastSteps(0)`, `keep: 0`, …). A directory that cannot be used is not thrown:
  ///   it goes to `onError`.
  public convenience init(
    recording system: System<State, Event>,
    scheduler: any LoopScheduler,
    to directory: URL,
    policy: TraceWriterPolicy,
    pendingLimit: Int = TraceWriter.defaultPendingLimit,
    onError: @escaping @Sendable (TraceWriterFailure) -> Void = TraceWriter.printToStandardError
  ) throws {
    try self.init(
      recording: system, scheduler: scheduler, policy: policy, pendingLimit: pendingLimit,
      files: TraceWriterFileOptions(
        directory: directory, now: Date.init, createFile: TraceWriterFiles.createExclusively),
      onError: onError)
  }

  /// The designated initializer; tests choose the clock for file names and how files are
  /// created (to simulate a full disk).
  package init(
    recording system: System<State, Event>,
    scheduler: any LoopScheduler,
    policy: TraceWriterPolicy,
    pendingLimit: Int,
    files: TraceWriterFileOptions,
    onError: @escaping @Sendable (TraceWriterFailure) -> Void
  ) throws {
    if let problem = policy.problem { throw TraceWriterConfigurationError(reason: problem) }
    guard pendingLimit >= 1 else {
      throw TraceWriterConfigurationError(reason: "pendingLimit: \(pendingLimit): at least 1 step must be able to wait")
    }
    self.system = system
    self.directory = files.directory
    self.policy = policy
    self.scheduler = scheduler
    let capacity: Int
    let evictionLosesSteps: Bool
    switch policy {
    case .lastSteps(let count): (capacity, evictionLosesSteps) = (count, false)
    case .rotatingFiles: (capacity, evictionLosesSteps) = (pendingLimit, true)
    }
    let engine = TraceWriterEngine<State, Event>(pendingCapacity: capacity, evictionLosesSteps: evictionLosesSteps)
    self.engine = engine
    let systemName = system.name
    let thread = Thread {
      let sink = TraceWriterSink(system: system, policy: policy, options: files)
      Self.run(engine: engine, sink: sink, capacity: capacity, systemName: systemName, onError: onError)
    }
    thread.name = "FeedbackLoop.TraceWriter"
    thread.start()
  }

  /// Stops the writer without waiting: it writes what it has (the `lastSteps` file
  /// included) on its own thread, then ends.
  deinit {
    engine.requestClose()
  }

  /// Records one step of the loop: pass it as the loop's `onStep`.
  ///
  /// ```swift
  /// let loop = Loop(system, scheduler: scheduler, onStep: writer.record)
  /// ```
  ///
  /// Stamps the step with `scheduler.now`, appends it to the writer's bounded buffer and
  /// wakes the writer thread if it sleeps. No I/O, no description or encoding of values:
  /// those happen on the writer's thread. After a failure or ``close()`` the step is only
  /// counted as dropped.
  ///
  /// - Complexity: O(1) (amortized: the buffer grows to its bound once); one lock.
  public func record(_ step: LoopStep<State, Event>) {
    engine.append(step, at: scheduler.now)
  }

  /// Waits until every step recorded before this call is written: the rotating file has
  /// it, or the `lastSteps` file has been replaced by one holding the last steps. Returns
  /// at once after ``close()`` or a failure has stopped the writer.
  ///
  /// ```swift
  /// writer.flush()
  /// let trace = try Trace.decodeJSONLines(Data(contentsOf: writer.status.files.last!))
  /// ```
  ///
  /// Written means handed to the operating system (visible to any reader, and kept if the
  /// app crashes), not forced to the device with `fsync`.
  public func flush() {
    engine.waitForWriter(closing: false)
  }

  /// Flushes, closes the files and stops the writer thread. Later steps are dropped
  /// (counted in ``TraceWriterStatus/droppedSteps``). Idempotent.
  ///
  /// ```swift
  /// loop.stop()
  /// writer.close()
  /// ```
  public func close() {
    engine.waitForWriter(closing: true)
  }

  /// What the writer has done so far: steps recorded, written and dropped, its files, its
  /// failure.
  ///
  /// ```swift
  /// writer.flush()
  /// if writer.status.droppedSteps > 0 { print("trace incomplete") }
  /// ```
  public var status: TraceWriterStatus {
    engine.shared.withLock { shared in
      TraceWriterStatus(
        recordedSteps: shared.nextIndex, writtenSteps: shared.writtenSteps, droppedSteps: shared.droppedSteps,
        files: shared.files, failure: shared.failure, isClosed: shared.closing)
    }
  }

  /// The default `onError`: one line on standard error, naming the path and the OS error.
  ///
  /// ```swift
  /// let writer = try TraceWriter(
  ///   recording: system, scheduler: scheduler, to: directory, policy: .lastSteps(100),
  ///   onError: TraceWriter<Light, Signal>.printToStandardError)
  /// ```
  @Sendable public static func printToStandardError(_ failure: TraceWriterFailure) {
    TraceWriterFiles.printToStandardError(
      "FeedbackLoop: \(failure); the trace is no longer written, the loop keeps running.")
  }

  // MARK: - The writer thread

  /// The writer thread: takes the pending steps in batches (swapping buffers under the
  /// lock, O(1)), maps and writes them, answers flushes, reports the first failure.
  static func run(
    engine: TraceWriterEngine<State, Event>, sink: TraceWriterSink<State, Event>, capacity: Int,
    systemName: String, onError: @Sendable (TraceWriterFailure) -> Void
  ) {
    sink.start()
    // The two buffers swapped between the loop and this thread: same bound.
    var batch = TraceWriterRing<TraceWriterPendingStep<State, Event>>(capacity: capacity)
    var reportedFailure = false
    if let failure = sink.failure {
      // Before any step: from now on `record` only counts.
      engine.shared.withLock { $0.failure = failure }
      reportedFailure = true
      onError(failure)
    }
    var notedDrops = false
    while true {
      let work = engine.shared.withLock { shared -> (waiters: [DispatchSemaphore], closing: Bool, dropped: Int)? in
        if shared.pending.isEmpty && shared.waiters.isEmpty && !shared.closing {
          shared.writerIdle = true
          return nil
        }
        swap(&shared.pending, &batch)
        defer { shared.waiters = [] }
        return (shared.waiters, shared.closing, shared.droppedSteps)
      }
      guard let work else {
        engine.wakeUp.wait()
        continue
      }
      let discarded = sink.take(batch, droppedSoFar: work.dropped)
      batch.removeAll()
      if !work.waiters.isEmpty || work.closing { sink.flush() }
      if work.closing { sink.close() }
      let failure = sink.failure
      let reportNow = failure != nil && !reportedFailure
      let (dropped, lateWaiters) = engine.shared.withLock { shared -> (Int, [DispatchSemaphore]) in
        shared.rejectedSteps += discarded
        shared.writtenSteps = sink.writtenSteps
        shared.files = sink.files
        if shared.failure == nil { shared.failure = failure }
        guard work.closing else { return (shared.droppedSteps, []) }
        shared.finished = true
        defer { shared.waiters = [] }
        return (shared.droppedSteps, shared.waiters)
      }
      if reportNow, let failure {
        reportedFailure = true
        onError(failure)
      }
      if dropped > 0, failure == nil, !notedDrops {
        notedDrops = true
        TraceWriterFiles.printToStandardError(
          "FeedbackLoop: the trace writer of \(systemName) could not keep up with the loop; \(dropped) steps "
            + "dropped so far (TraceWriter.status.droppedSteps counts them).")
      }
      for waiter in work.waiters + lateWaiters { waiter.signal() }
      if work.closing { return }
    }
  }
}
