/// An event of a system as a diagram shows it: one per event case or event type.
public struct EventNode: Codable, Hashable, Sendable {
  /// The event's name, unique in its graph.
  public var id: String

  /// Creates an event node.
  public init(id: String) {
    self.id = id
  }
}
