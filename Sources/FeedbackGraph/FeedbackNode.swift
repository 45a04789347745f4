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

  /// Creates a feedback node.
  public init(name: String, watches: String, emits: [String] = [], strategy: String?) {
    self.name = name
    self.watches = watches
    self.emits = emits
    self.strategy = strategy
  }
}
