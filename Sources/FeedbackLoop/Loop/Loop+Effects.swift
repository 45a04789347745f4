public import FeedbackGraph
public import FeedbackLoopSupport

extension Loop {
  /// Runs every feedback on a new state, in declaration order. Called on the turn only.
  @inlinable
  func react(to state: State, event: Event?) {
    for index in runtimes.indices {
      let runtime = runtimes[index]
      if let isDisabled = runtime.isDisabled, isDisabled(state) { continue }
      runtime.stateReceived?(state)
      let cancelsOnNewState = runtime.cancelsOnNewState
      switch runtime.logic {
      case .slot(let decide):
        switch decide(state, event) {
        case .keep:
          break
        case .cancel:
          if cancelsOnNewState { cancelCurrent(of: runtime) }
        case .start(let effect):
          if cancelsOnNewState { cancelCurrent(of: runtime) }
          if !effect.isNone {
            runtime.current = start(effect, feedback: index)
          }
        }
      case .keyed(let requests):
        let wanted = requests(state)
        let keys = Set(wanted.map(\.key))
        var removed: [EffectHandle] = []
        for (key, handle) in runtime.requests where !keys.contains(key) {
          if let handle { removed.append(handle) }
          runtime.requests.removeValue(forKey: key)
        }
        if cancelsOnNewState {
          for handle in removed.sorted(by: { $0.id < $1.id }) { cancel(handle) }  // deterministic order
        }
        for request in wanted where runtime.requests.index(forKey: request.key) == nil {
          runtime.requests.updateValue(start(request.makeEffect(), feedback: index), forKey: request.key)
        }
      case .source(_, let onState):
        onState?(state)
      }
    }
  }

  /// Cancels the effect a single-effect feedback started for an earlier state: its task,
  /// and the events its synchronous effects queued that are not reduced yet (ReactiveFeedback's
  /// and Loop's "latest" semantics; see ``ExecutionStrategy/cancelOnNewState``).
  @inlinable
  func cancelCurrent(of runtime: FeedbackRuntime<State, Event>) {
    runtime.generation &+= 1
    if let handle = runtime.current {
      cancel(handle)
      runtime.current = nil
    }
  }

  /// Drops an event sent through a disabled input, and records the drop as an ignored
  /// event from that input: the loop did not reduce it.
  @usableFromInline
  func dropGated(_ event: Event, from index: Int) {
    probe?.record(
      ProbeStep(kind: .ignoredEvent, event: event, feedback: FeedbackID(index), before: current, after: current))
  }

  /// Starts a source feedback's request (`Feedback.states(_:emits:requests:effect:)`):
  /// the latest wins, so the effect of its previous request is cancelled first.
  @usableFromInline
  func startRequest(_ effect: Effect<Event>, feedback index: Int) {
    let runtime = runtimes[index]
    cancelCurrent(of: runtime)
    if !effect.isNone { runtime.current = start(effect, feedback: index) }
  }

  /// Starts an effect for the feedback at `index`. Synchronous effects emit at once and
  /// return `nil`; async ones return their handle.
  @inlinable
  func start(_ effect: Effect<Event>, feedback index: Int) -> EffectHandle? {
    if let other = runtimes[index].scheduler {
      return startTask(effect.asOperation, feedback: index, on: other)
    }
    switch effect.operation {
    case .none:
      return nil
    case .one(let event):
      // Queued first: after a stop the event is dropped, and then nothing is reported
      // (an emission the observer sees is reduced, unless the loop stops or, under
      // cancelOnNewState, a newer state this feedback answers drops it first). The turn is
      // executing, so the entry waits in the queue; reporting after queueing keeps the
      // log's order.
      let origin = Origin.synchronous(index, generation: runtimes[index].generation)
      guard enqueueOnTurn(Entry(event: event, origin: origin)) else { return nil }
      if probe != nil { reportSynchronousEffect(event, feedback: index) }  // no probe: no id taken
      return nil
    case .many(let events):
      emitNow(events, feedback: index)
      return nil
    case .run(let operation):
      return startTask(operation, feedback: index, on: scheduler)
    }
  }

  /// Reports a synchronous effect: one step standing for its start, emission and end. Kept
  /// out of line so that `start` stays small enough for `enqueue` to be inlined into it.
  @inlinable @inline(never)
  func reportSynchronousEffect(_ event: Event, feedback index: Int) {
    probe?.record(
      ProbeStep(
        kind: .effectEmitted, event: event, feedback: FeedbackID(index), effect: makeEffectID(),
        isSynchronousEffect: true))
  }

  @inlinable
  func emitNow(_ events: some Collection<Event>, feedback index: Int) {
    let origin = Origin.synchronous(index, generation: runtimes[index].generation)
    let queued = shared.withLock { shared -> Bool in
      guard !shared.stopped else { return false }
      for event in events { shared.queue.append(Entry(event: event, origin: origin)) }
      return true
    }
    guard queued, let probe else { return }
    let (id, feedback) = (makeEffectID(), FeedbackID(index))
    probe.record(ProbeStep(kind: .effectStarted, feedback: feedback, effect: id))
    for event in events {
      probe.record(ProbeStep(kind: .effectEmitted, event: event, feedback: feedback, effect: id))
    }
    probe.record(ProbeStep(kind: .effectFinished, feedback: feedback, effect: id))
  }

  /// Queues an entry from the executing turn (which drains it later); `false` once the
  /// loop is stopped.
  @inlinable
  func enqueueOnTurn(_ entry: Entry) -> Bool {
    shared.withLock { shared in
      guard !shared.stopped else { return false }
      shared.queue.append(entry)
      return true
    }
  }

  @inlinable
  func makeEffectID() -> EffectID {
    defer { nextEffect += 1 }
    return EffectID(nextEffect)
  }

  @usableFromInline
  func startTask(
    _ operation: @escaping @Sendable (Send<Event>, any Clock<Duration>) async throws -> Void,
    feedback index: Int, on scheduler: any LoopScheduler
  ) -> EffectHandle? {
    // The id is taken only once the effect is registered, so ids stay dense (0, 1, 2, …
    // in the order effects start) even when a stop refuses an effect.
    let handle = EffectHandle(id: EffectID(nextEffect), feedback: index)
    let registered = shared.withLock { shared -> Bool in
      guard !shared.stopped else { return false }
      shared.running[handle.id] = handle
      return true
    }
    guard registered else { return nil }
    nextEffect += 1
    probe?.record(ProbeStep(kind: .effectStarted, feedback: FeedbackID(index), effect: handle.id))
    let operation = replay?.effect(FeedbackID(index), handle.id) ?? operation
    let scheduler = replay == nil ? scheduler : self.scheduler
    let clock = scheduler.clock
    let send = Send<Event>(
      { [weak self] event in
        guard handle.isRunning, let self else { return }
        handle.didQueue()
        self.enqueue(Entry(event: event, origin: .effect(handle)))
      },
      waitForRoom: { [weak self] in
        guard self != nil else { return }
        await handle.waitForRoom()
      },
      deliverLast: { [weak self] event in
        guard handle.isRunning, let self else { return }
        handle.didQueue()  // counted before it returns: the turn then sees it as the last one
        guard handle.markReturned() else { return handle.didDequeue() }
        self.enqueue(Entry(event: event, origin: .effect(handle)))
      },
      returnEarly: {
        // One queued event more than the loop will take: none of the queued ones is the
        // last, so the effect finishes with the entry its task queues once it returns.
        handle.didQueue()
        handle.markReturned()
      })
    let task = Task(executorPreference: scheduler.taskExecutor) { [weak self] in
      try? await operation(send, clock)
      // The lifecycle rule: the effect is over now. Its last queued event (if any) is
      // followed by its finish; this entry finishes one whose events are all reduced.
      handle.markReturned()
      guard handle.delivers else { return }
      self?.enqueue(Entry(event: nil, origin: .effect(handle)))
    }
    handle.attach(task)
    return handle
  }

  /// Ends an effect its feedback no longer wants, and reports how, unless it already ended:
  /// a running one is cancelled; one whose operation returned is finished (only a running
  /// effect can be cancelled), and its events not reduced yet are dropped.
  @usableFromInline
  func cancel(_ handle: EffectHandle) {
    guard let ending = handle.cancel() else { return }
    shared.withLock { _ = $0.running.removeValue(forKey: handle.id) }
    probe?.record(ProbeStep(kind: ending.stepKind, feedback: FeedbackID(handle.feedback), effect: handle.id))
  }

  /// Reports that a returned effect finished, if it had not ended yet.
  @inlinable
  func finishIfReturned(_ handle: EffectHandle) {
    guard handle.finish() else { return }
    shared.withLock { _ = $0.running.removeValue(forKey: handle.id) }
    probe?.record(ProbeStep(kind: .effectFinished, feedback: FeedbackID(handle.feedback), effect: handle.id))
  }
}

extension EffectHandle.Ending {
  /// The step that reports this ending.
  @usableFromInline var stepKind: StepKind {
    switch self {
    case .cancelled: .effectCancelled
    case .finished: .effectFinished
    }
  }
}

extension Effect {
  /// The effect as an async operation (for feedbacks that run on another scheduler).
  @usableFromInline
  var asOperation: @Sendable (Send<Event>, any Clock<Duration>) async throws -> Void {
    switch operation {
    case .none: { _, _ in }
    case .one(let event): { send, _ in send.sendLast(event) }
    case .many(let events):
      { send, _ in
        events.dropLast().forEach { send($0) }
        if let last = events.last { send.sendLast(last) }
      }
    case .run(let body): body
    }
  }
}
