/// One step of a trace file: the initial state, an event reduced, ignored or leading
/// outside its transition's targets, or an effect's start, emission, end or cancellation.
///
/// The trace record: the versioned, `Codable` mapping of the runtime's `LoopStep` (made once,
/// by `FeedbackLoopTracing`'s mapping, for trace writers, the test kit's recorder and the
/// explorer's paths). Ids are typed (``TransitionID``, ``FeedbackID``, ``EffectID``),
/// never formatted strings. A trace file holds one `TraceStep` per line.
///
/// Values are kept two ways: *described* for humans (`String(describing:)`: ``event``,
/// ``before``, ``after``), and, when the system's `State` and `Event` are `Codable`,
/// *encoded* as JSON text (``eventJSON``, ``stateJSON``) so that a trace can be replayed.
/// JSON text rather than a JSON tree: it decodes back exactly (no number conversions) and
/// costs one string to read. It holds descriptions and JSON text instead of the system's
/// own `State` and `Event`, which this module cannot know, so that it crosses process and
/// module boundaries (trace files, `diagram`, coverage).
public struct TraceStep: Codable, Hashable, Sendable {
  /// The step's position in its trace, from 0.
  public var index: Int
  /// Virtual (or wall) time since the loop started, in nanoseconds.
  public var timeNanoseconds: Int64
  /// What happened.
  public var kind: StepKind
  /// For event steps, the feedback that emitted the event (`nil`: sent from outside with
  /// `send`); for effect steps, the feedback that owns the effect.
  public var feedback: FeedbackID?
  /// The effect this step concerns, for effect steps.
  public var effect: EffectID?
  /// The declared transition that matched, for `event` and `undeclaredTransition` steps of
  /// a system that declares its transitions.
  public var transition: TransitionID?
  /// The event, described for humans (event steps and `effectEmitted`).
  public var event: String?
  /// The event's node id in the system's graph (its case or type name).
  public var eventNode: String?
  /// The event encoded as JSON text (sorted keys), when the system's `Event` is `Codable`.
  public var eventJSON: String?
  /// The state before the step, described (event steps).
  public var before: String?
  /// The state after the step, described (`initial` and event steps).
  public var after: String?
  /// The node id of the state before the step.
  public var beforeNode: String?
  /// The node id of the state after the step.
  public var afterNode: String?
  /// The state after the step encoded as JSON text (sorted keys), when the system's
  /// `State` is `Codable`.
  public var stateJSON: String?

  /// The JSON keys: the trace format's names, unchanged since schema version 1
  /// (`stateBefore`, `stateAfter`, `fromNode`, `toNode` for the states around a step).
  enum CodingKeys: String, CodingKey {
    case index, timeNanoseconds, kind, feedback, effect, transition, event, eventNode, eventJSON
    case before = "stateBefore", after = "stateAfter", beforeNode = "fromNode", afterNode = "toNode"
    case stateJSON
  }

  /// Creates a step; fields that do not apply to `kind` stay `nil`.
  public init(
    index: Int, timeNanoseconds: Int64, kind: StepKind, feedback: FeedbackID? = nil, effect: EffectID? = nil,
    transition: TransitionID? = nil, event: String? = nil, eventNode: String? = nil, eventJSON: String? = nil,
    before: String? = nil, after: String? = nil, beforeNode: String? = nil, afterNode: String? = nil,
    stateJSON: String? = nil
  ) {
    self.index = index
    self.timeNanoseconds = timeNanoseconds
    self.kind = kind
    self.feedback = feedback
    self.effect = effect
    self.transition = transition
    self.event = event
    self.eventNode = eventNode
    self.eventJSON = eventJSON
    self.before = before
    self.after = after
    self.beforeNode = beforeNode
    self.afterNode = afterNode
    self.stateJSON = stateJSON
  }

  /// Whether the event of this event step was sent from outside the loop (`send`).
  package var isExternal: Bool {
    kind.isEventStep && feedback == nil
  }
}
