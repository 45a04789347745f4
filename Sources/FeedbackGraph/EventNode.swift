/// An event of a system as a diagram shows it: one per event case or event type.
public struct EventNode: Codable, Hashable, Sendable {
  /// The event's name, unique in its graph.
  public var id: String
  /// The fields (payload) the event carries, as `"name: Type"`, when the graph knows them:
  /// an event matched by value whose node has no fields is the node's only value, so that
  /// transition takes every such event (what ``SystemGraph/reach`` relies on).
  /// Written to JSON only when not empty.
  public var fields: [String]

  /// Creates an event node.
  public init(id: String, fields: [String] = []) {
    self.id = id
    self.fields = fields
  }

  private enum CodingKeys: String, CodingKey { case id, fields }

  /// Reads an event node; `fields` may be missing (graphs written before it existed).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    fields = try container.decodeIfPresent([String].self, forKey: .fields) ?? []
  }

  /// Writes the event node, leaving out empty `fields`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    if !fields.isEmpty { try container.encode(fields, forKey: .fields) }
  }
}
