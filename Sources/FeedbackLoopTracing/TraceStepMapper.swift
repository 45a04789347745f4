package import FeedbackGraph
package import FeedbackLoop
import Foundation

/// The one mapping of a system's ``LoopStep``s into trace records (`TraceStep`s): values
/// described for humans, named as the system's graph names them, and encoded when they are
/// `Codable`.
///
/// ``TraceWriter``, the test kit's recorder and the explorer's paths all write through it,
/// so a step reads the same whoever recorded it. A step travels one way: nothing maps a
/// `TraceStep` back into a `LoopStep`.
package struct TraceStepMapper<State: Sendable, Event: Sendable>: Sendable {
  /// The system whose steps are mapped.
  package let system: System<State, Event>
  /// Whether `Event` is `Encodable`: steps then carry `TraceStep.eventJSON`.
  package let encodesEvents: Bool
  /// Whether `State` is `Encodable`: steps then carry `TraceStep.stateJSON`.
  package let encodesStates: Bool

  /// A mapper for `system`.
  package init(system: System<State, Event>) {
    self.system = system
    encodesEvents = Event.self is any Encodable.Type
    encodesStates = State.self is any Encodable.Type
  }

  /// A header for a recording of the system (whose graph is `graph`, when known), written
  /// by `origin` (see `TraceHeader.init(graph:test:origin:outcome:encodesEvents:encodesStates:)`).
  package func header(
    test: String?, origin: TraceOrigin? = nil, outcome: TraceOutcome, graph: SystemGraph? = nil
  ) -> TraceHeader {
    TraceHeader(
      graph: graph ?? system.graph, test: test, origin: origin, outcome: outcome, encodesEvents: encodesEvents,
      encodesStates: encodesStates)
  }

  /// The trace record of `step`, the `index`-th of its trace, at `timeNanoseconds`.
  package func step(_ step: LoopStep<State, Event>, index: Int, timeNanoseconds: Int64) -> TraceStep {
    switch step {
    case .initial(let state):
      record(.initial, index: index, time: timeNanoseconds, after: state)
    case .reduced(let event, let source, let before, let after, let transition):
      record(
        .event, index: index, time: timeNanoseconds, event: event, feedback: source.feedbackID, before: before,
        after: after, transition: transition)
    case .ignored(let event, let source, let state):
      record(
        .ignoredEvent, index: index, time: timeNanoseconds, event: event, feedback: source.feedbackID, before: state,
        after: state)
    case .undeclaredTransition(let event, let source, let before, let after, let transition):
      record(
        .undeclaredTransition, index: index, time: timeNanoseconds, event: event, feedback: source.feedbackID,
        before: before, after: after, transition: transition)
    case .effectStarted(let effect, let feedback):
      record(.effectStarted, index: index, time: timeNanoseconds, feedback: feedback.id, effect: effect)
    case .effectEmitted(let effect, let feedback, let event):
      record(.effectEmitted, index: index, time: timeNanoseconds, event: event, feedback: feedback.id, effect: effect)
    case .effectFinished(let effect, let feedback):
      record(.effectFinished, index: index, time: timeNanoseconds, feedback: feedback.id, effect: effect)
    case .effectCancelled(let effect, let feedback):
      record(.effectCancelled, index: index, time: timeNanoseconds, feedback: feedback.id, effect: effect)
    case .stopped:
      record(.stopped, index: index, time: timeNanoseconds)
    }
  }

  /// A trace record of `kind` with the fields given, values described, named and encoded:
  /// what ``step(_:index:timeNanoseconds:)`` writes for each case, and what the explorer's
  /// timeless paths (whose steps carry no effect ids) write.
  package func record(
    _ kind: StepKind, index: Int, time: Int64, event: Event? = nil, feedback: FeedbackID? = nil,
    effect: EffectID? = nil, before: State? = nil, after: State? = nil, transition: TransitionID? = nil
  ) -> TraceStep {
    var out = TraceStep(
      index: index, timeNanoseconds: time, kind: kind, feedback: feedback, effect: effect, transition: transition)
    if let event {
      out.event = String(describing: event)
      out.eventNode = system.nodeName(ofEvent: event)
      if encodesEvents { out.eventJSON = Self.encode(event) }
    }
    if kind.isEventStep, let before {
      out.before = String(describing: before)
      out.beforeNode = system.nodeName(of: before)
    }
    if let after {
      out.after = String(describing: after)
      out.afterNode = system.nodeName(of: after)
      if encodesStates { out.stateJSON = Self.encode(after) }
    }
    return out
  }

  /// `value` as JSON text with sorted keys, if it is `Encodable` and encodes.
  static func encode(_ value: Any) -> String? {
    guard let encodable = value as? any Encodable else { return nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(encodable)).map { String(decoding: $0, as: UTF8.self) }
  }
}
