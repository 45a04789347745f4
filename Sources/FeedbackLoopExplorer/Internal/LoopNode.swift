public import FeedbackLoop

/// One explored state of the whole loop: the system's state, plus what each feedback
/// remembers and the effects it has in flight (time left out: only what they may still
/// emit). Two nodes with equal system states but different memories or effects behave
/// differently, so the explorer tells them apart.
@usableFromInline
struct LoopNode<State: Hashable & Sendable>: Hashable, Sendable {
  /// The system's state.
  @usableFromInline var state: State
  /// Per feedback, in declaration order (empty when no feedback starts effects).
  @usableFromInline var feedbacks: [FeedbackSnapshot]

  @inlinable
  init(state: State, feedbacks: [FeedbackSnapshot]) {
    self.state = state
    self.feedbacks = feedbacks
  }

  /// Whether some effect is in flight: something other than the outside may still move
  /// the loop.
  @inlinable
  var hasEffectInFlight: Bool {
    feedbacks.contains { $0.hasEffectInFlight }
  }
}

/// One feedback's part of a ``LoopNode``.
@usableFromInline
struct FeedbackSnapshot: Hashable, Sendable {
  /// The memory of a single-effect feedback (the runtime's own ``FeedbackMemory``).
  @usableFromInline var memory: FeedbackMemory
  /// Running effects that emit at most one event (`.task`), at most
  /// ``FeedbackSnapshot/maxEffects`` told apart. For a keyed feedback: effects of keys
  /// that went away under `.continueOnNewState`.
  @usableFromInline var tasks: UInt8 = 0
  /// Running effects that may emit any number of events (`.run`, `.sequence`).
  @usableFromInline var streams: UInt8 = 0
  /// A keyed feedback's requests, in their sorted order, with what each effect may still do.
  @usableFromInline var requests: [RequestEffect] = []

  /// More running effects of one feedback than this count as this many (under
  /// `.continueOnNewState` a feedback may start one per state).
  @usableFromInline static let maxEffects: UInt8 = 3

  @inlinable
  init(memory: FeedbackMemory) {
    self.memory = memory
  }

  @inlinable
  var hasEffectInFlight: Bool {
    tasks > 0 || streams > 0 || requests.contains { $0.running != .ended }
  }
}

/// A keyed request and its effect.
///
/// `@unchecked Sendable`: `key` is an `AnyHashable` (not `Sendable` in the standard
/// library) wrapping a `Request` that ``Feedback/requests(_:emits:_:effect:)`` requires to
/// be `Sendable`; nothing else is stored.
@usableFromInline
struct RequestEffect: Hashable, @unchecked Sendable {
  @usableFromInline var key: AnyHashable
  @usableFromInline var running: Running

  @inlinable
  init(key: AnyHashable, running: Running) {
    self.key = key
    self.running = running
  }
}

/// What a running effect may still do.
@usableFromInline
enum Running: UInt8, Hashable, Sendable {
  /// Nothing: it ended (or emitted at once).
  case ended
  /// Emit one event, then end.
  case task
  /// Emit any number of events.
  case stream
}

/// Who emits an event that leaves a node.
@usableFromInline
enum Emitter: Hashable, Sendable {
  /// The outside (`loop.send`).
  case outside
  /// A running `.task` of the feedback at this index (it ends after emitting).
  case task(Int)
  /// A running `.run`/`.sequence` of the feedback at this index.
  case stream(Int)
  /// The effect of the keyed feedback at `feedback` for its request at `request`.
  case request(feedback: Int, request: Int)
  /// An input or mediator feedback at this index (may deliver at any time).
  case source(Int)

  /// The emitting feedback's index; `nil` for the outside.
  @inlinable
  var feedback: Int? {
    switch self {
    case .outside: nil
    case .task(let index), .stream(let index), .source(let index): index
    case .request(let index, _): index
    }
  }
}
