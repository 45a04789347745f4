public import FeedbackGraph
public import FeedbackLoop
public import Foundation

/// Re-runs a recorded trace against a system, on a ``TestScheduler``, and reports the first
/// step where the system now behaves differently.
///
/// ```swift
/// @Test func recordedSessionsStillReplay() throws {
///   let replay = try TraceReplay(contentsOf: traceURL, system: TrafficLight.system)
///   replay.run()  // fails here, with a diff, at the first diverging step
/// }
/// ```
///
/// Replay re-sends the trace's external events in their recorded order, at their recorded
/// times. Async effects do not run: each one makes exactly the emissions the trace recorded
/// for it, and finishes where it finished, so a trace captured in an app (with
/// `TraceWriter`) replays with no network and no real timers. Synchronous
/// effects (a feedback returning `.send(event)`) run as declared: they are the system's own
/// logic. Every step the loop makes is compared with the recorded one — kind, event, source
/// feedback, effect, declared transition, states — but not its time, since a trace recorded
/// on wall-clock time is replayed on virtual time.
///
/// A trace that ends without its stop record (an app that crashed, a file copied after
/// `TraceWriter.flush()` while the loop ran) replays up to its last step and passes, saying
/// so in ``Result/note``; a complete trace fails when the system makes any step it lacks.
///
/// Events are decoded from the trace (`TraceStep.eventJSON`), which needs a
/// `Codable` `Event`; for other events pass `decodeEvent:`.
///
/// - Complexity: O(n) steps, each compared once.
public struct TraceReplay<State: Sendable, Event: Sendable>: Sendable {
  /// The recorded trace.
  public let trace: Trace
  /// The system it is replayed against.
  public let system: System<State, Event>
  /// Where the trace came from, for messages (a path, or `<trace>`).
  public let source: String
  let decodeEvent: @Sendable (TraceStep) throws -> Event

  /// A replay of `trace` against `system`, decoding each recorded event with `decodeEvent`
  /// (for events that are not `Codable`; it gets the step, with the event's description
  /// and node name).
  public init(
    _ trace: Trace, system: System<State, Event>, source: String = "<trace>",
    decodeEvent: @escaping @Sendable (TraceStep) throws -> Event
  ) {
    self.trace = trace
    self.system = system
    self.source = source
    self.decodeEvent = decodeEvent
  }

  /// The outcome of a replay.
  public struct Result: Sendable, Equatable {
    /// How many recorded steps matched before the replay stopped.
    public var matchedSteps: Int
    /// The first difference, or `nil` when the system behaved as recorded.
    public var divergence: Divergence?
    /// A trace that cannot be replayed (an event that does not decode), or `nil`.
    public var problem: String?
    /// What a passing replay did not check, or `nil`: a trace without its stop record (a
    /// crashed app's, or a copy flushed while the loop ran) replays to its last step and
    /// passes, and this says so.
    public var note: String?

    /// Whether the trace ended without its stop record, so that replay stopped comparing
    /// at its last step.
    package var endedWithoutStopRecord: Bool { note != nil }

    /// Whether the system did exactly what the trace recorded.
    public var passed: Bool { divergence == nil && problem == nil }
  }

  /// The first step where the replayed loop differs from the trace.
  public struct Divergence: Sendable, Equatable {
    /// The step's index in the trace.
    public var index: Int
    /// The recorded step's virtual time.
    public var time: Duration
    /// The recorded step (`nil`: the replay made more steps than the trace holds).
    public var expected: TraceStep?
    /// The replayed step (`nil`: the replay made fewer steps).
    public var actual: TraceStep?
  }
}

extension TraceReplay where Event: Decodable {
  /// A replay of `trace` against `system`; events are decoded from the trace.
  public init(_ trace: Trace, system: System<State, Event>, source: String = "<trace>") {
    self.init(trace, system: system, source: source) { step in
      guard let json = step.eventJSON else {
        throw ReplayError.eventNotEncoded(step: step.index)
      }
      return try JSONDecoder().decode(Event.self, from: Data(json.utf8))
    }
  }

  /// A replay of the trace file at `url` against `system`.
  /// - Throws: `GraphDecodingError` naming the file and line of a malformed
  ///   step.
  public init(contentsOf url: URL, system: System<State, Event>) throws {
    let trace = try Trace.decodeJSONLines(try Data(contentsOf: url), source: url.path)
    self.init(trace, system: system, source: url.path)
  }
}

/// Why a recorded event could not be given back to the system.
enum ReplayError: Error, CustomStringConvertible {
  case eventNotEncoded(step: Int)

  var description: String {
    switch self {
    case .eventNotEncoded(let step): "step #\(step) stores its event as text only"
    }
  }
}
