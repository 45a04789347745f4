package import FeedbackGraph
import Foundation

/// Turns a system's ``LoopStep``s into trace ``FeedbackGraph/Step``s: values described for
/// humans, named as the system's graph names them, and encoded when they are `Codable`.
///
/// The recorder's trace files and ``TraceWriter`` both write through it, so a step reads
/// the same whoever recorded it.
package struct TraceStepMapper<State: Sendable, Event: Sendable>: Sendable {
  /// The system whose steps are mapped.
  package let system: System<State, Event>
  /// Whether `Event` is `Encodable`: steps then carry ``FeedbackGraph/Step/eventJSON``.
  package let encodesEvents: Bool
  /// Whether `State` is `Encodable`: steps then carry ``FeedbackGraph/Step/stateJSON``.
  package let encodesStates: Bool

  /// A mapper for `system`.
  package init(system: System<State, Event>) {
    self.system = system
    encodesEvents = Event.self is any Encodable.Type
    encodesStates = State.self is any Encodable.Type
  }

  /// A header for a recording of the system (whose graph is `graph`, when known), written
  /// by `origin` (see ``FeedbackGraph/TraceHeader/init(graph:test:origin:outcome:encodesEvents:encodesStates:)``).
  package func header(
    test: String?, origin: TraceOrigin? = nil, outcome: TraceOutcome, graph: SystemGraph? = nil
  ) -> TraceHeader {
    TraceHeader(
      graph: graph ?? system.graph, test: test, origin: origin, outcome: outcome, encodesEvents: encodesEvents,
      encodesStates: encodesStates)
  }

  /// The trace step for `step` (already expanded: not a synchronous-effect report).
  package func step(_ step: ProbeStep<State, Event>, index: Int, timeNanoseconds: Int64) -> Step {
    var out = Step(
      index: index, timeNanoseconds: timeNanoseconds, kind: step.kind, feedback: step.feedback, effect: step.effect,
      transition: step.transition)
    if let event = step.event {
      out.event = String(describing: event)
      out.eventNode = system.nodeName(ofEvent: event)
      if encodesEvents { out.eventJSON = Self.encode(event) }
    }
    if step.kind.isEventStep, let before = step.before {
      out.stateBefore = String(describing: before)
      out.fromNode = system.nodeName(of: before)
    }
    if let after = step.after {
      out.stateAfter = String(describing: after)
      out.toNode = system.nodeName(of: after)
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
