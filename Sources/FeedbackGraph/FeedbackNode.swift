/// A feedback of a system: what it watches, how it runs, and which events it may emit.
public struct FeedbackNode: Codable, Hashable, Sendable {
  /// The feedback's name, as given in the system (e.g. `"timer"`).
  public var name: String
  /// What the feedback watches, in words (e.g. `"every state"`, `"state is loading"`).
  public var watches: String
  /// The ids of the events it declares it may emit.
  public var emits: [String]
  /// Its execution strategy (`"cancelOnNewState"` or `"continueOnNewState"`), or `nil` for
  /// a feedback that starts no effect per state and so has none: an input, a mediator, a
  /// feedback over the stream of states (a JSON graph then has no `strategy` key).
  public var strategy: String?
  /// Whether the feedback is an input of the loop (`Feedback.input`): a source of events
  /// from outside that watches no state, so the loop figure draws no edge from the state to
  /// it. Written in JSON only when true.
  public var isInput: Bool

  /// Creates a feedback node.
  public init(name: String, watches: String, emits: [String] = [], strategy: String?, isInput: Bool = false) {
    self.name = name
    self.watches = watches
    self.emits = emits
    self.strategy = strategy
    self.isInput = isInput
  }

  private enum CodingKeys: String, CodingKey { case name, watches, emits, strategy, isInput }

  /// Decodes a feedback node (`isInput` false when absent, as in graphs written before it).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    watches = try container.decode(String.self, forKey: .watches)
    emits = try container.decode([String].self, forKey: .emits)
    strategy = try container.decodeIfPresent(String.self, forKey: .strategy)
    isInput = try container.decodeIfPresent(Bool.self, forKey: .isInput) ?? false
  }

  /// Encodes a feedback node: `strategy` only when there is one and `isInput` only when
  /// true, so that graphs without inputs keep their bytes.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(watches, forKey: .watches)
    try container.encode(emits, forKey: .emits)
    try container.encodeIfPresent(strategy, forKey: .strategy)
    if isInput { try container.encode(true, forKey: .isInput) }
  }
}
