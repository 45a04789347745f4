import FeedbackGraph
/// An edge a trace took between two state nodes on an event, as observed rather than
/// declared: `from —event→ to`.
///
/// Coverage keeps these for transitions that happened but are not declared (the diagram
/// must not lie about them) and, for systems built from a plain reducer, for every
/// transition seen.
public struct ObservedEdge: Hashable, Comparable, Sendable, Codable {
  /// The node id of the state before the event.
  public var from: String
  /// The event's node id.
  public var event: String
  /// The node id of the state after the event.
  public var to: String

  /// An observed edge.
  package init(from: String, event: String, to: String) {
    self.from = from
    self.event = event
    self.to = to
  }

  /// Orders by source, then target, then event: the order figures and tables list them in.
  public static func < (lhs: ObservedEdge, rhs: ObservedEdge) -> Bool {
    (lhs.from, lhs.to, lhs.event) < (rhs.from, rhs.to, rhs.event)
  }

  /// `red —tick→ green`: the same words `TransitionEdge.summary` uses for declared ones.
  public var summary: String { "\(from) —\(event)→ \(to)" }
}
