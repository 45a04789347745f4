public import FeedbackGraph
public import FeedbackLoop

/// An event path from a system's initial state: what an explorer finding, a covering path
/// or a random walk reports, and what it writes as a trace and as a test.
///
/// ```swift
/// if let path = exploration.findings.first?.path {
///   print(path.events)  // [.emailChanged("a"), .submit]
/// }
/// ```
public struct ExplorerPath<State: Sendable, Event: Sendable>: Sendable {
  /// One reduced event of a path.
  ///
  /// Why a type of its own: an explored path has no time and no effect ids (time is
  /// abstract there), only the events and the states they led to; ``ExplorerPath/trace(of:test:outcome:)``
  /// maps it to trace `TraceStep`s.
  public struct Step: Sendable {
    /// The event; `nil` for a step of kind `.effectFinished`, where a running effect ended
    /// without one (``Explorer/effectsMayEndSilently(_:)``).
    public var event: Event?
    /// The feedback that emits it (its id and name); `nil` when it is sent from outside.
    public var feedback: FeedbackRef?
    /// The state before the event.
    public var before: State
    /// The state after it.
    public var after: State
    /// The declared transition that matched, if any.
    public var transition: TransitionID?
    /// What reducing it did: `.event`, `.ignoredEvent` or `.undeclaredTransition`; or
    /// `.effectFinished` when `feedback`'s running effect ended without an event (the state
    /// stays as it was).
    public var kind: StepKind
    /// Whether a feedback sent the event at once (`.send`) in answer to the step before:
    /// a consequence of that step, not a choice of the path.
    package internal(set) var isImmediate = false
    /// For a step that is a choice, its index among the choices of the explored state it
    /// leaves (what ``ExplorerMove/choice(_:)`` replays).
    public internal(set) var choice: Int?

    @usableFromInline
    init(
      event: Event?, feedback: FeedbackRef?, before: State, after: State,
      transition: TransitionID?, kind: StepKind
    ) {
      self.event = event
      self.feedback = feedback
      self.before = before
      self.after = after
      self.transition = transition
      self.kind = kind
    }
  }

  /// The initial state.
  public var initial: State
  /// The events, in order, with the states they led to.
  public var steps: [Step]

  /// For a lasso (a non-progress cycle), the index of the first step of the cycle: the
  /// steps before it reach the cycle, the steps from it go around once, back to the state
  /// (and feedback memories and effects) where it started. `nil` for a plain path.
  package internal(set) var cycleStart: Int? = nil

  /// The state at the end of the path.
  public var final: State { steps.last?.after ?? initial }

  /// The path's events (an effect that ended without one adds none).
  public var events: [Event] { steps.compactMap(\.event) }
}
