/// One recorded step of a running loop: the initial state, an event reduced, ignored or
/// leading outside its transition's targets, or an effect's start, emission, end or
/// cancellation.
///
/// This is the one vocabulary of steps: the recorder's log, `LoopStep` and trace files
/// all map to and from it through typed ids (``TransitionID``, ``FeedbackID``,
/// ``EffectID``), never through formatted strings. A trace file holds one `Step` per line.
///
/// Values are kept two ways: *described* for humans (`String(describing:)`: ``event``,
/// ``stateBefore``, ``stateAfter``), and, when the system's `State` and `Event` are
/// `Codable`, *encoded* as JSON text (``eventJSON``, ``stateJSON``) so that a trace can be
/// replayed. JSON text
/// rather than a JSON tree: it decodes back exactly (no number conversions) and costs one
/// string to read.
/// Why a type of its own: it is the versioned, `Codable` mapping that crosses process and
/// module boundaries (trace files, `diagram`, coverage), so it holds descriptions and JSON
/// text instead of the system's own `State` and `Event`, which this module cannot know.
public struct Step: Codable, Hashable, Sendable {
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
  public var stateBefore: String?
  /// The state after the step, described (`initial` and event steps).
  public var stateAfter: String?
  /// The node id of the state before the step.
  public var fromNode: String?
  /// The node id of the state after the step.
  public var toNode: String?
  /// The state after the step encoded as JSON text (sorted keys), when the system's
  /// `State` is `Codable`.
  public var stateJSON: String?

  /// Creates a step; fields that do not apply to `kind` stay `nil`.
  public init(
    index: Int, timeNanoseconds: Int64, kind: StepKind, feedback: FeedbackID? = nil, effect: EffectID? = nil,
    transition: TransitionID? = nil, event: String? = nil, eventNode: String? = nil, eventJSON: String? = nil,
    stateBefore: String? = nil, stateAfter: String? = nil, fromNode: String? = nil, toNode: String? = nil,
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
    self.stateBefore = stateBefore
    self.stateAfter = stateAfter
    self.fromNode = fromNode
    self.toNode = toNode
    self.stateJSON = stateJSON
  }

  /// Whether the event of this event step was sent from outside the loop (`send`).
  public var isExternal: Bool {
    kind.isEventStep && feedback == nil
  }
}
