/// A declared transition: from a state (or any state), on an event (or any event), to one
/// or more possible target states.
public struct TransitionEdge: Codable, Hashable, Sendable {
  /// Its id: its position in declaration order, unique in its graph (its identity across
  /// versions of the system is its content: patterns, targets, label and guard).
  public var id: TransitionID
  /// The source state's node id, or `nil` for "from any state".
  public var from: String?
  /// How the source was matched.
  public var fromMatch: Match
  /// The event's id, or `nil` for "on any event".
  public var event: String?
  /// How the event was matched.
  public var eventMatch: Match
  /// The node ids the transition may lead to. A fixed target has one; a computed
  /// transition lists every target it declares.
  public var to: [String]
  /// Whether the target is computed by a closure (as opposed to a fixed state).
  public var isComputed: Bool
  /// What the transition does, as the figure writes it on the edge (e.g. `"value + 1"`).
  public var label: String?
  /// The guard's description, when the transition has one (e.g. `"form is valid"`).
  public var guardDescription: String?
  /// In an explorer's reachable graph, the finding (its slug) whose shortest path takes
  /// this move: the figure draws it red. `nil` in a declared graph.
  public var finding: String?

  /// How a transition pattern matched a state or an event.
  public enum Match: String, Codable, Hashable, Sendable {
    /// One exact value.
    case value
    /// Every value of an enum case, whatever its payload.
    case enumCase
    /// Every value of a type.
    case type
    /// Anything (a wildcard).
    case any
  }

  /// Creates a transition edge.
  public init(
    id: TransitionID,
    from: String?,
    fromMatch: Match = .value,
    event: String?,
    eventMatch: Match = .value,
    to: [String],
    isComputed: Bool = false,
    label: String? = nil,
    guardDescription: String? = nil
  ) {
    self.id = id
    self.from = from
    self.fromMatch = from == nil ? .any : fromMatch
    self.event = event
    self.eventMatch = event == nil ? .any : eventMatch
    self.to = to
    self.isComputed = isComputed
    self.label = label
    self.guardDescription = guardDescription
  }
}
