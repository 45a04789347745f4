/// A state of a system as a diagram shows it: one node per enum case or state type.
public struct StateNode: Codable, Hashable, Sendable {
  /// The node's id, unique in its graph: the enum case name or the type name, unless the
  /// system overrides it.
  public var id: String
  /// The fields the state carries, as `"name: Type"`, when the graph knows them.
  public var fields: [String]
  /// Whether the state is final (the loop's end: an explorer's reachable graph knows it
  /// from `Explorer.final(when:)`); the figure draws it with a double border. Written in
  /// JSON only when true.
  public var isFinal: Bool
  /// Whether the loop waits for the outside in this state (not stuck: an explorer knows it
  /// from `Explorer.waits(when:)`); the figure draws it with a dashed border. Written in
  /// JSON only when true.
  public var isWaiting: Bool

  /// Creates a state node.
  public init(id: String, fields: [String] = [], isFinal: Bool = false, isWaiting: Bool = false) {
    self.id = id
    self.fields = fields
    self.isFinal = isFinal
    self.isWaiting = isWaiting
  }

  private enum CodingKeys: String, CodingKey { case id, fields, isFinal, isWaiting }

  /// Decodes a state node (`isFinal` and `isWaiting` false when absent, as in graphs
  /// written before them).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    fields = try container.decode([String].self, forKey: .fields)
    isFinal = try container.decodeIfPresent(Bool.self, forKey: .isFinal) ?? false
    isWaiting = try container.decodeIfPresent(Bool.self, forKey: .isWaiting) ?? false
  }

  /// Encodes a state node: `isFinal` and `isWaiting` only when true, so that graphs without
  /// final or waiting states keep their bytes.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(fields, forKey: .fields)
    if isFinal { try container.encode(true, forKey: .isFinal) }
    if isWaiting { try container.encode(true, forKey: .isWaiting) }
  }
}
