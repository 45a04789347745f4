/// The first line of a trace file: which system, as declared when, recorded by which test,
/// and how that test ended.
public struct TraceHeader: Codable, Hashable, Sendable {
  /// The schema version (``SystemGraph/currentSchemaVersion``).
  public var schemaVersion: Int
  /// The recorded system's name.
  public var system: String
  /// ``SystemGraph/fingerprint`` of the system when it was recorded: a trace whose
  /// fingerprint differs from the current system's was recorded against other
  /// declarations, and its transition ids may mean other edges.
  public var fingerprint: String
  /// The system's graph when it was recorded, so that a trace can be drawn on its own.
  public var graph: SystemGraph?
  /// The test that recorded it (`nil` for a recording made by an app).
  public var test: String?
  /// Who wrote it (`nil` in traces written before headers said it: see ``recordedBy``).
  public var origin: TraceOrigin?
  /// How the recording ended.
  public var outcome: TraceOutcome
  /// Whether steps carry encoded events (``TraceStep/eventJSON``), which replay needs.
  public var encodesEvents: Bool
  /// Whether steps carry encoded states (``TraceStep/stateJSON``).
  public var encodesStates: Bool

  /// A header for a recording of `graph`, written by `origin` (by default a test when
  /// `test` is given, an app otherwise).
  public init(
    graph: SystemGraph, test: String? = nil, origin: TraceOrigin? = nil, outcome: TraceOutcome = .recorded,
    encodesEvents: Bool = false, encodesStates: Bool = false
  ) {
    self.schemaVersion = SystemGraph.currentSchemaVersion
    self.system = graph.name
    self.fingerprint = graph.fingerprint
    self.graph = graph
    self.test = test
    self.origin = origin ?? (test == nil ? .app : .test)
    self.outcome = outcome
    self.encodesEvents = encodesEvents
    self.encodesStates = encodesStates
  }
}

/// How a recording ended.
public struct TraceOutcome: Codable, Hashable, Sendable {
  /// The three ways a recording ends.
  public enum Status: String, Codable, Hashable, Sendable {
    /// The test passed.
    case passed
    /// The test failed; ``TraceOutcome/failingStep`` and ``TraceOutcome/message`` say where.
    case failed
    /// Not recorded by a test (an app's trace writer), or the test had not ended.
    case recorded
  }

  /// How it ended.
  public var status: Status
  /// The step at which the first failure was found, when it concerns one step.
  public var failingStep: Int?
  /// The first failure's message.
  public var message: String?

  /// An outcome.
  public init(status: Status, failingStep: Int? = nil, message: String? = nil) {
    self.status = status
    self.failingStep = failingStep
    self.message = message
  }

  /// A passing test.
  public static let passed = TraceOutcome(status: .passed)
  /// A recording outside a test.
  public static let recorded = TraceOutcome(status: .recorded)

  /// A failing test: the first failure, at `step` if it concerns one.
  public static func failed(at step: Int?, message: String) -> TraceOutcome {
    TraceOutcome(status: .failed, failingStep: step, message: message)
  }
}
