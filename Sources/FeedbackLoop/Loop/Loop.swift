public import FeedbackGraph
public import FeedbackLoopSupport

/// A running ``System``: it holds the current state, reduces the events it is sent one at a
/// time, and runs the feedbacks' effects.
///
/// ```swift
/// let loop = Loop(trafficLight, scheduler: QueueScheduler())
/// loop.send(.emergency)
/// for await light in loop.states { print(light) }
/// ```
///
/// ## Guarantees
/// - **One serialized queue.** ``send(_:)`` is safe from any thread. Events are reduced in
///   FIFO order, one at a time; the reducer is never re-entered. Events emitted while the
///   loop is reducing or evaluating feedbacks are queued, not recursed into, so a million
///   synchronous feedback cycles run in constant stack depth.
/// - **Feedbacks see every new state**, with the event that produced it, in declaration
///   order, before the next event is reduced. An ignored event runs no feedback.
/// - **Lifetime.** The loop starts when created and stops on ``stop()`` or when released;
///   stopping cancels every running effect. Effects hold the loop weakly.
/// - **Lifecycle rule.** An effect finishes when its operation returns (a `.task` after
///   returning its event, a `.run` or `.sequence` when its closure or sequence ends), before
///   the event it emitted is reduced; only a running effect can be cancelled.
/// - **One reporter at a time.** The `onStep` observer is called by one turn at a time,
///   never concurrently, even when ``stop()`` races a turn on another thread; the last
///   thing it sees is ``LoopStep/stopped``. See ``stop()``.
///
/// All work runs through the loop's ``LoopScheduler``: reductions are scheduled on it,
/// async effects run on its executor and sleep on its clock.
public final class Loop<State: Sendable, Event: Sendable>: @unchecked Sendable {
  // Why @unchecked Sendable is safe: the mutable properties below `shared` (`current`,
  // `runtimes`, `nextEffect`, the observers' snapshot) are read and written only inside a
  // turn (`begin()`/`drain()`). A turn is claimed by moving `shared.turn` away from `.idle`
  // under the lock, and ends by setting it back under the lock, so at most one turn runs
  // at a time; the lock's acquire/release orders memory between turns that
  // run on different threads. Everything touched from other threads lives in `shared`
  // (a Mutex) or is immutable (`system`, `scheduler`, `probe`, `replay`).

  /// The system this loop runs.
  public let system: System<State, Event>
  /// The scheduler all of the loop's work runs through.
  public let scheduler: any LoopScheduler
  /// Who watches the loop: a public `onStep` observer, or the test kit's recorder.
  @usableFromInline let probe: StepObserver<State, Event>?
  /// Replay's substitutes for effects and inputs (see `EffectSubstitutes`); `nil` runs the
  /// system as declared.
  @usableFromInline let replay: EffectSubstitutes<Event>?
  /// `scheduler.runsActionsInline`, read once.
  @usableFromInline let runsInline: Bool
  @usableFromInline let shared: Protected<Shared>

  // The turn's own properties. `@exclusivity(unchecked)`: only the turn touches them (see
  // above), so the runtime's dynamic exclusivity checks can never fire, and they cost more
  // than a third of a feedback cycle (~190 instructions per access).
  @exclusivity(unchecked) @usableFromInline var current: State
  @exclusivity(unchecked) @usableFromInline var runtimes: [FeedbackRuntime<State, Event>]
  @exclusivity(unchecked) @usableFromInline var nextEffect = 0
  @exclusivity(unchecked) @usableFromInline var observersSnapshot: [(id: Int, observe: @Sendable (State) -> Void)] = []
  @exclusivity(unchecked) @usableFromInline var observersVersionSeen = 0
  /// `shared.nextObserver` when the snapshot was taken: observers with this id or a higher
  /// one registered after it.
  @exclusivity(unchecked) @usableFromInline var observersNextIDSeen = 0
  /// Whether `current` was reduced after it was last published to `shared.state`.
  @exclusivity(unchecked) @usableFromInline var reducedSincePublished = false

  /// Starts a loop running `system`.
  ///
  /// - Parameters:
  ///   - system: the system to run, from its initial state.
  ///   - scheduler: where the loop's work runs; ``InlineScheduler`` by default, which
  ///     reduces events on the sending thread.
  ///   - onStep: sees every ``LoopStep``, in order, on the loop's turn, one at a time and
  ///     never concurrently; it must return quickly (an app's log, an analytics hook,
  ///     `TraceWriter.record(_:)` in `FeedbackLoopTracing`).
  @inlinable
  public convenience init(
    _ system: System<State, Event>,
    scheduler: any LoopScheduler = InlineScheduler(),
    onStep: (@Sendable (LoopStep<State, Event>) -> Void)? = nil
  ) {
    self.init(
      system, scheduler: scheduler,
      probe: onStep.map { StepObserver(onStep: $0, feedbackNames: system.feedbacks.map(\.name)) })
  }

  /// Starts a loop that reports to `probe` (the test kit's recorder), in `start` (the
  /// system's initial state by default).
  @inlinable
  package init(
    _ system: System<State, Event>, scheduler: any LoopScheduler, probe: StepObserver<State, Event>?,
    replay: EffectSubstitutes<Event>? = nil, startingIn start: State? = nil
  ) {
    let start = start ?? system.initial
    self.replay = replay
    self.system = system
    self.scheduler = scheduler
    self.probe = probe
    self.runsInline = scheduler.runsActionsInline
    self.current = start
    self.runtimes = system.feedbacks.map(FeedbackRuntime.init)
    self.shared = Protected(Shared(state: start))
    scheduler.schedule { self.begin() }
  }

  deinit {
    stop()
  }

  /// The current state: the state after the last reduced event. Read from another thread
  /// while a turn runs, it may trail that turn by a state, but never the states its
  /// observers have been told of (see ``observe(_:)``).
  public var state: State {
    shared.withLock { $0.state }
  }

  /// Whether ``stop()`` was called.
  package var isStopped: Bool {
    shared.withLock { $0.stopped }
  }

  /// Sends an event to the loop. Thread-safe; returns once the event is queued (on an
  /// ``InlineScheduler``, once it and everything it caused synchronously is reduced).
  /// Events sent after ``stop()`` are dropped.
  /// - Complexity: amortized O(1) to queue.
  @inlinable
  public func send(_ event: Event) {
    enqueue(Entry(event: event, origin: .external))
  }

  // MARK: - Turns

  /// The first turn: subscribes inputs, reports the initial state, runs feedbacks on it.
  @inlinable
  func begin() {
    let started = shared.withLock { shared -> Bool in
      guard !shared.stopped else {
        shared.turn = .idle  // stop() found no turn executing and reported itself
        return false
      }
      shared.turn = .executing
      shared.turnThread = currentThreadID()
      return true
    }
    guard started else { return }
    var subscriptions: [@Sendable () -> Void] = []
    for (index, runtime) in runtimes.enumerated() {
      if case .source(let subscribe, _) = runtime.logic {
        let send = Send<Event>(
          { [weak self] event in self?.enqueue(Entry(event: event, origin: .feedback(index))) },
          scheduler: runtime.scheduler ?? scheduler,
          startEffect: { [weak self] make in
            self?.enqueue(Entry(event: nil, origin: .request(Request(feedback: index, makeEffect: make))))
          })
        subscriptions.append(replay?.source(FeedbackID(index), send) ?? subscribe(send))
      }
    }
    let stoppedMeanwhile = shared.withLock { shared -> Bool in
      if !shared.stopped { shared.subscriptions += subscriptions }
      return shared.stopped
    }
    if stoppedMeanwhile {
      subscriptions.forEach { $0() }
    } else {
      probe?.record(ProbeStep(kind: .initial, after: current))
      react(to: current, event: nil)
    }
    drain()  // ends the turn, reporting a stop that happened meanwhile
  }

  /// Reduces queued entries until the queue is empty, then ends the turn. If the loop was
  /// stopped while this turn executed, the turn reports the stop as it ends.
  @inlinable
  func drain() {
    var stopReport: StopReport?
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
    var newcomers: [(id: Int, observe: @Sendable (State) -> Void)] = []
    while let entry = nextEntry(stopReport: &stopReport, idleWaiters: &idleWaiters, newcomers: &newcomers) {
      if !newcomers.isEmpty { tell(&newcomers) }
      process(entry)
    }
    if !newcomers.isEmpty { tell(&newcomers) }
    if !idleWaiters.isEmpty { resume(idleWaiters) }
    if let stopReport {
      reportStop(cancelled: stopReport.cancelled)
      stopReport.signalReported()  // the stop() waiting on another thread returns
    }
  }

  /// Publishes the current state, then takes the next entry or ends the turn. When the
  /// loop was stopped, ends the turn and hands over what ``stop()`` left this turn to
  /// report (`nil` when `stop()` reports itself). Observers registered since the state was
  /// reduced go to `newcomers`, to be told of it (see `tell(_:)`).
  @inlinable
  func nextEntry(
    stopReport: inout StopReport?, idleWaiters: inout [CheckedContinuation<Void, Never>],
    newcomers: inout [(id: Int, observe: @Sendable (State) -> Void)]
  ) -> Entry? {
    shared.withLock { shared in
      shared.state = current
      if reducedSincePublished {
        reducedSincePublished = false
        if shared.nextObserver != observersNextIDSeen {
          let firstNew = observersNextIDSeen
          newcomers = shared.observers.filter { $0.id >= firstNew }
        }
      }
      refreshObservers(from: shared)
      guard !shared.stopped else {
        shared.turn = .idle
        stopReport = shared.stopReport.take()
        if !shared.idleWaiters.isEmpty { swap(&idleWaiters, &shared.idleWaiters) }
        return nil
      }
      guard let entry = shared.queue.popFirst() else {
        shared.turn = .idle
        if !shared.idleWaiters.isEmpty { swap(&idleWaiters, &shared.idleWaiters) }
        return nil
      }
      if shared.turn != .executing {
        shared.turn = .executing
        shared.turnThread = currentThreadID()
      }
      return entry
    }
  }

  @inlinable
  func process(_ entry: Entry) {
    /// The feedback's index, or -1 for `send`.
    let source: Int
    switch entry.origin {
    case .external:
      source = -1
    case .feedback(let index):
      if let gate = runtimes[index].inputGate, let event = entry.event, gate(current) {
        return dropGated(event, from: index)
      }
      source = index
    case .synchronous(let index, let generation):
      // A newer state cancelled the effect (cancelOnNewState) while its event was queued.
      if generation != runtimes[index].generation { return }
      source = index
    case .effect(let handle):
      guard let event = entry.event else {
        finishIfReturned(handle)  // its operation returned and all its events are reduced
        return
      }
      handle.didDequeue()
      guard handle.delivers else { return }  // cancelled, or finished by a new state
      probe?.record(
        ProbeStep(kind: .effectEmitted, event: event, feedback: FeedbackID(handle.feedback), effect: handle.id))
      // The lifecycle rule: an effect whose operation returned finishes with its last
      // event, before that event is reduced (so the new state cannot cancel it).
      if handle.queuedEvents == 0, handle.hasReturned { finishIfReturned(handle) }
      source = handle.feedback
    case .request(let request):
      startRequest(request.makeEffect(), feedback: request.feedback)
      return
    }
    guard let event = entry.event else { return }
    switch entry.origin {
    case .external, .request: break
    case .feedback(let index), .synchronous(let index, _): runtimes[index].eventEmitted?(event)
    case .effect(let handle): runtimes[handle.feedback].eventEmitted?(event)
    }
    reduce(event, from: source)
  }

  /// Reduces `event` from `source` (a feedback's index, or -1 for `send`).
  @inlinable
  func reduce(_ event: Event, from source: Int) {
    let before = current
    let feedback = source < 0 ? nil : FeedbackID(source)
    switch system.reduce(before, event) {
    case .ignored:
      probe?.record(ProbeStep(kind: .ignoredEvent, event: event, feedback: feedback, before: before, after: before))
      return
    case .reduced(let next, let transition):
      current = next
      probe?.record(
        ProbeStep(
          kind: .event, event: event, feedback: feedback, before: before, after: next,
          transition: transition))
    case .undeclared(let next, let transition):
      current = next
      probe?.record(
        ProbeStep(
          kind: .undeclaredTransition, event: event, feedback: feedback, before: before, after: next,
          transition: transition))
    }
    let state = current
    if observersSnapshot.isEmpty {
      reducedSincePublished = true  // published with the next entry (see `nextEntry`)
    } else {
      // Published first: an observer told of `state` reads it from `loop.state` too.
      publishBeforeTellingObservers(state)
      for observer in observersSnapshot { observer.observe(state) }
    }
    if !runtimes.isEmpty { react(to: state, event: event) }
  }
}
