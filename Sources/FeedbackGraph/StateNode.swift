/// A state of a system as a diagram shows it: one node per enum case or state type.
public struct StateNode: Codable, Hashable, Sendable {
  /// The node's id, unique in its graph: the enum case name or the type name, unless the
  /// system overrides it.
  public var id: String
  /// The fields the state carries, as `"name: Type"`, when the graph knows them.
  public var fields: [String]

  /// Creates a state node.
  public init(id: String, fields: [String] = []) {
    self.id = id
    self.fields = fields
  }
}
