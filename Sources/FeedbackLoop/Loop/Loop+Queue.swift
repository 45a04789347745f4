public import FeedbackGraph
public import FeedbackLoopSupport

/// The loop's queue: what is queued (an event and where it came from), the state shared
/// with other threads, and who owns the turn.
extension Loop {
  @usableFromInline
  struct Entry: Sendable {
    /// The event; `nil` marks the end of the effect in `origin`.
    @usableFromInline var event: Event?
    @usableFromInline var origin: Origin

    @inlinable
    init(event: Event?, origin: Origin) {
      self.event = event
      self.origin = origin
    }
  }

  @usableFromInline
  enum Origin: Sendable {
    case external
    /// An input of the feedback at this index.
    case feedback(Int)
    /// A synchronous effect of the feedback at this index, started in the feedback's
    /// `generation` (see `FeedbackRuntime.generation`).
    case synchronous(Int, generation: Int)
    /// An async effect.
    case effect(EffectHandle)
    /// A source feedback asks to start an effect (its latest request). Boxed, so that an
    /// entry stays as small as it was.
    case request(Request)
  }

  /// A source feedback's request for an effect (`Feedback.states(_:emits:requests:effect:)`).
  @usableFromInline
  final class Request: Sendable {
    /// The index of the feedback.
    @usableFromInline let feedback: Int
    /// Makes the request's effect, on the loop's turn.
    @usableFromInline let makeEffect: @Sendable () -> Effect<Event>

    @usableFromInline
    init(feedback: Int, makeEffect: @escaping @Sendable () -> Effect<Event>) {
      self.feedback = feedback
      self.makeEffect = makeEffect
    }
  }

  @usableFromInline
  struct Shared: Sendable {
    @usableFromInline var queue = EventQueue<Entry>()
    @usableFromInline var turn = Turn.scheduled  // the first turn (`begin`) is scheduled by init
    @usableFromInline var stopped = false
    /// The thread inside the turn while `turn` is `.executing`.
    @usableFromInline var turnThread: UInt = 0
    /// Set by ``stop()`` when it found a turn executing: what that turn reports (with
    /// `.stopped`) as it ends.
    @usableFromInline var stopReport: StopReport?
    @usableFromInline var state: State
    @usableFromInline var running: [EffectID: EffectHandle] = [:]
    @usableFromInline var subscriptions: [@Sendable () -> Void] = []
    @usableFromInline var observers: [(id: Int, observe: @Sendable (State) -> Void)] = []
    @usableFromInline var nextObserver = 0
    /// Bumped on every change of `observers`, so a turn refreshes its snapshot cheaply.
    @usableFromInline var observersVersion = 0
    /// Callers of ``Loop/idle()`` waiting for the turn to end with an empty queue.
    @usableFromInline var idleWaiters: [CheckedContinuation<Void, Never>] = []

    @usableFromInline
    init(state: State) {
      self.state = state
    }
  }

  /// Who owns the loop's turn.
  @usableFromInline
  enum Turn: Sendable {
    /// Nobody: the next event starts a turn.
    case idle
    /// A turn is scheduled on the scheduler but has not started.
    case scheduled
    /// A thread is inside the turn, reducing and reporting.
    case executing
  }

  /// Queues `entry`; starts a turn on the scheduler if none is running.
  @inlinable
  func enqueue(_ entry: Entry) {
    let runsInline = self.runsInline
    let next = shared.withLock { shared -> NextTurn in
      guard !shared.stopped else { return .none }
      if shared.turn != .idle {
        shared.queue.append(entry)
        return .none
      }
      if runsInline && shared.queue.isEmpty {
        shared.turn = .executing
        shared.turnThread = currentThreadID()
        refreshObservers(from: shared)  // this thread owns the turn from here on
        return .inlineWithEntry
      }
      shared.turn = .scheduled
      shared.queue.append(entry)
      return .scheduled
    }
    switch next {
    case .none:
      break
    case .inlineWithEntry:
      // What `schedule { drain() }` would do on an inline scheduler, without a closure
      // and without queueing an entry only to take it out again.
      process(entry)
      drain()
    case .scheduled:
      scheduler.schedule { self.drain() }
    }
  }

  @usableFromInline
  enum NextTurn {
    case none, inlineWithEntry, scheduled
  }
}
