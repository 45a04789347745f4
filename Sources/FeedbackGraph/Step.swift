/// One recorded step of a running loop: an event reduced, a state reached, an effect's
/// lifecycle, an ignored event or an undeclared transition.
///
/// Traces are lists of steps; the test kit writes them as JSON Lines (one step per line).
public struct Step: Codable, Hashable, Sendable {
  /// The step's position in its trace, from 0.
  public var index: Int
  /// Virtual (or wall) time since the loop started, in nanoseconds.
  public var timeNanoseconds: Int64
  /// What happened.
  public var kind: StepKind
  /// Who sent the event: `"external"` for `send`, or the feedback's name.
  public var source: String?
  /// The event, rendered for humans.
  public var event: String?
  /// The event's node id (case or type name), for coverage.
  public var eventID: String?
  /// The state before the step, rendered for humans.
  public var stateBefore: String?
  /// The state after the step, rendered for humans.
  public var stateAfter: String?
  /// The node id of the state before the step.
  public var fromNode: String?
  /// The node id of the state after the step.
  public var toNode: String?
  /// The id of the declared transition that matched (`TransitionEdge.id`).
  public var transition: String?
  /// The effect this step concerns, for effect steps.
  public var effect: Int?
  /// The feedback that owns the effect, for effect steps.
  public var feedback: String?

  /// Creates a step.
  public init(
    index: Int, timeNanoseconds: Int64, kind: StepKind, source: String? = nil,
    event: String? = nil, eventID: String? = nil, stateBefore: String? = nil,
    stateAfter: String? = nil, fromNode: String? = nil, toNode: String? = nil,
    transition: String? = nil, effect: Int? = nil, feedback: String? = nil
  ) {
    self.index = index
    self.timeNanoseconds = timeNanoseconds
    self.kind = kind
    self.source = source
    self.event = event
    self.eventID = eventID
    self.stateBefore = stateBefore
    self.stateAfter = stateAfter
    self.fromNode = fromNode
    self.toNode = toNode
    self.transition = transition
    self.effect = effect
    self.feedback = feedback
  }
}

/// The kinds of ``Step``.
public enum StepKind: String, Codable, Hashable, Sendable, CaseIterable {
  /// The loop started in its initial state.
  case initial
  /// An event was reduced into a new state.
  case event
  /// An event was received that no transition accepts; the state did not change.
  case ignoredEvent
  /// A transition produced a state outside its declared targets.
  case undeclaredTransition
  /// A feedback started an effect.
  case effectStarted
  /// An effect emitted an event.
  case effectEmitted
  /// An effect finished on its own.
  case effectFinished
  /// An effect was cancelled (new state, a removed key, or the loop stopped).
  case effectCancelled
}
