extension Loop {
  /// Returns once the loop is idle: every event queued when you call it (and everything
  /// they caused synchronously: feedbacks, `.send` effects, the events those queued) is
  /// reduced, and no turn is running or scheduled. Returns at once on a stopped loop.
  ///
  /// ```swift
  /// let loop = Loop(door, scheduler: QueueScheduler())
  /// loop.send(.entered("1234"))
  /// await loop.idle()  // reduced, on the queue; the "check" effect is running
  /// loop.stop()
  /// ```
  ///
  /// Idle is about the queue, not about effects: an async effect still running may send
  /// an event later, which starts a new turn. ``stop()`` drops the events still queued; call
  /// `idle()` first to have them reduced. Safe from any task; it does not hold a thread
  /// while waiting. Never call it from the loop's own turn (a feedback or an `onStep` observer): the
  /// turn it waits for is the caller's own.
  public func idle() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumeNow = shared.withLock { shared -> Bool in
        if shared.stopped || (shared.turn == .idle && shared.queue.isEmpty) { return true }
        shared.idleWaiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  /// Resumes the callers of ``idle()`` that a turn ending took over. Out of line: the busy
  /// path of a turn never gets here.
  @usableFromInline @inline(never)
  func resume(_ waiters: [CheckedContinuation<Void, Never>]) {
    for waiter in waiters { waiter.resume() }
  }
}
