/// A feedback loop described as plain data: its states, events, declared transitions,
/// feedbacks and initial state.
///
/// `SystemGraph` is the language the modules share. The runtime (`FeedbackLoop`) describes
/// every `System` as one; the diagram renderer draws one without knowing the runtime; tests
/// can write one to disk and the `diagram` command renders it.
///
/// It encodes to versioned JSON (`"schemaVersion": 1`). Decode with
/// ``SystemGraph/decode(_:source:)`` to get errors that say what was wrong and where.
///
/// ```swift
/// let graph = SystemGraph(
///   name: "TrafficLight",
///   initial: "red",
///   states: [StateNode(id: "red"), StateNode(id: "green")],
///   events: [EventNode(id: "tick")],
///   transitions: [TransitionEdge(id: TransitionID(0), from: "red", event: "tick", to: ["green"])]
/// )
/// let json = try graph.jsonData()
/// ```
public struct SystemGraph: Codable, Hashable, Sendable {
  /// The schema version this library writes and reads.
  public static let currentSchemaVersion = 1

  /// The version of the JSON schema; always ``currentSchemaVersion`` for graphs made here.
  public var schemaVersion: Int
  /// The system's name, e.g. `"TrafficLight"`.
  public var name: String
  /// The id of the initial state's node.
  public var initial: String
  /// The states, one node per distinct state name (enum case or type), sorted by id.
  public var states: [StateNode]
  /// The events the system knows of, sorted by id.
  public var events: [EventNode]
  /// Whether the system declares its transitions. A system built from a plain `reduce`
  /// closure does not: its ``transitions`` are empty and only exploration can find them.
  public var declaresTransitions: Bool
  /// The declared transitions, in the order the runtime tries them.
  public var transitions: [TransitionEdge]
  /// The feedbacks, in declaration order.
  public var feedbacks: [FeedbackNode]

  /// Creates a graph. States and events are kept in the order given; the runtime passes
  /// them sorted so that output stays deterministic.
  public init(
    name: String,
    initial: String,
    states: [StateNode],
    events: [EventNode],
    declaresTransitions: Bool = true,
    transitions: [TransitionEdge],
    feedbacks: [FeedbackNode] = []
  ) {
    self.schemaVersion = Self.currentSchemaVersion
    self.name = name
    self.initial = initial
    self.states = states
    self.events = events
    self.declaresTransitions = declaresTransitions
    self.transitions = transitions
    self.feedbacks = feedbacks
  }

  /// The state node with the given id, if any.
  public func state(_ id: String) -> StateNode? {
    states.first { $0.id == id }
  }
}
