import IssueReporting

extension TestScheduler {
  /// Runs everything due now, including what those actions schedule for now.
  public func advance() {
    advance(to: now)
  }

  /// Moves time forward by `duration`, running every action due up to then in order; `now`
  /// is each action's due time while it runs, and the target at the end.
  /// - Complexity: O(k log n) for k actions run.
  public func advance(by duration: Duration) {
    advance(to: now + duration)
  }

  /// Moves time forward to `target` (never backward), running every action due up to then.
  public func advance(to target: Duration) {
    StartedTasks.moving(self) { advanceMoving(to: target) }
  }

  /// ``advance(to:)``, with this scheduler marked as moving time on this thread.
  private func advanceMoving(to target: Duration) {
    runJobs()
    let target = Self.nanoseconds(target)
    while runNext(notAfter: target) {}
    storage.withLock { storage in
      storage.now = max(storage.now, target)
      reading.store(storage.now, ordering: .releasing)
    }
  }

  /// Runs exactly one action: the next one due (moving time to it), then the async jobs
  /// it made ready. Returns `false` when nothing is scheduled.
  @discardableResult
  public func step() -> Bool {
    StartedTasks.moving(self) {
      runJobs()
      return runNext(notAfter: nil)
    }
  }

  /// Runs actions until none is left, moving time as far as needed. An endless source of
  /// actions (a timer that re-arms itself) is stopped after `maxSteps` actions, with a test
  /// failure that names what was still pending.
  public func run(
    maxSteps: Int = 100_000,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    StartedTasks.moving(self) {
      runMoving(maxSteps: maxSteps, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// ``run(maxSteps:fileID:filePath:line:column:)``, with this scheduler marked as moving
  /// time on this thread.
  private func runMoving(
    maxSteps: Int, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    runJobs()
    var steps = 0
    while runNext(notAfter: nil) {
      steps += 1
      if steps >= maxSteps, !pending.isEmpty {
        let next = pending.prefix(3).map { "\($0)" }.joined(separator: ", ")
        reportKitIssue(
          "TestScheduler.run() stopped after \(maxSteps) actions at \(now) with \(pending.count) still pending (\(next)). A timer that re-arms forever never lets the scheduler finish: advance(by:) a fixed duration instead, or pass a larger maxSteps.",
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
    }
  }

  /// Pops and runs the next live action due no later than `limit`; returns whether one ran.
  func runNext(notAfter limit: Int64?) -> Bool {
    let limit = limit ?? .max
    while true {
      let next = storage.withLock { storage -> (action: Action?, done: Bool) in
        guard let top = storage.heap.min, top.due <= limit else { return (nil, true) }
        storage.heap.removeMin()
        let action = storage.take(top.slot)
        if action.cancelled { return (nil, false) }
        if top.due > storage.now {
          storage.now = top.due
          reading.store(top.due, ordering: .releasing)
        }
        return (action, true)
      }
      guard next.done else { continue }  // skipped a cancelled action
      guard let action = next.action else { return false }
      action.run()
      runJobs()
      return true
    }
  }

  /// The actions still scheduled (cancelled ones excepted), in the order they would run.
  public var pending: [PendingAction] {
    storage.withLock { storage in
      storage.heap.unordered.sorted().compactMap { entry in
        if storage.actions[entry.slot].cancelled { return nil }
        return PendingAction(due: .nanoseconds(entry.due), label: storage.labels[entry.slot])
      }
    }
  }
}

/// An action waiting on a ``TestScheduler``.
public struct PendingAction: Hashable, Sendable, CustomStringConvertible {
  /// When it is due, in virtual time.
  public var due: Duration
  /// What scheduled it, if it said.
  public var label: String?

  /// Creates a description of a pending action.
  package init(due: Duration, label: String?) {
    self.due = due
    self.label = label
  }

  /// The value as one line of text.
  public var description: String {
    "due at \(due)" + (label.map { " (\($0))" } ?? "")
  }
}
