import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTracing
import Foundation
import Testing

/// The one mapping of a `LoopStep` into the trace record: each kind's fields, values
/// described, named as the graph names them and encoded, and the JSON keys of the format.
@Suite struct TraceStepMapperTests {
  enum Light: String, Hashable, Sendable, Codable { case red, green }
  enum Signal: String, Hashable, Sendable, Codable { case tick, honk }

  static let light = System<Light, Signal>("Light", initial: .red) {
    Transitions {
      Transition(from: .red, on: .tick, to: .green)
      Transition(from: .green, on: .tick, to: .red)
    }
  }

  @Test func eachKindKeepsItsFieldsAndLeavesTheOthersEmpty() {
    let mapper = TraceStepMapper(system: Self.light)
    let timer = FeedbackRef(id: FeedbackID(2), name: "timer")
    let effect = EffectID(7)
    let cases: [(LoopStep<Light, Signal>, TraceStep)] = [
      (
        .initial(state: .red),
        TraceStep(
          index: 0, timeNanoseconds: 5, kind: .initial, after: "red", afterNode: "red", stateJSON: #""red""#)
      ),
      (
        .reduced(event: .tick, source: .feedback(timer), before: .red, after: .green, transition: TransitionID(0)),
        TraceStep(
          index: 0, timeNanoseconds: 5, kind: .event, feedback: FeedbackID(2), transition: TransitionID(0),
          event: "tick", eventNode: "tick", eventJSON: #""tick""#, before: "red", after: "green", beforeNode: "red",
          afterNode: "green", stateJSON: #""green""#)
      ),
      (
        .ignored(event: .honk, source: .external, state: .green),
        TraceStep(
          index: 0, timeNanoseconds: 5, kind: .ignoredEvent, event: "honk", eventNode: "honk", eventJSON: #""honk""#,
          before: "green", after: "green", beforeNode: "green", afterNode: "green", stateJSON: #""green""#)
      ),
      (
        .effectEmitted(effect, feedback: timer, event: .tick),
        TraceStep(
          index: 0, timeNanoseconds: 5, kind: .effectEmitted, feedback: FeedbackID(2), effect: effect, event: "tick",
          eventNode: "tick", eventJSON: #""tick""#)
      ),
      (
        .effectCancelled(effect, feedback: timer),
        TraceStep(index: 0, timeNanoseconds: 5, kind: .effectCancelled, feedback: FeedbackID(2), effect: effect)
      ),
      (.stopped, TraceStep(index: 0, timeNanoseconds: 5, kind: .stopped)),
    ]
    for (step, expected) in cases {
      #expect(mapper.step(step, index: 0, timeNanoseconds: 5) == expected, "\(step)")
    }
  }

  @Test func theRecordKeepsTheFormatsKeysForTheStatesAroundAStep() throws {
    // `before`/`after` in Swift, `stateBefore`/`stateAfter`/`fromNode`/`toNode` in the file,
    // as in every trace written since schema version 1.
    let step = TraceStepMapper(system: Self.light).step(
      .reduced(event: .tick, source: .external, before: .red, after: .green, transition: TransitionID(0)), index: 1,
      timeNanoseconds: 0)
    let line = String(decoding: try Trace.line(step), as: UTF8.self)
    #expect(
      line
        == #"{"event":"tick","eventJSON":"\"tick\"","eventNode":"tick","fromNode":"red","index":1,"kind":"event","stateAfter":"green","stateBefore":"red","stateJSON":"\"green\"","timeNanoseconds":0,"toNode":"green","transition":0}"#
        + "\n")
    let old =
      #"{"index":1,"kind":"event","timeNanoseconds":0,"stateBefore":"red","stateAfter":"green","fromNode":"red","toNode":"green"}"#
    let read = try JSONDecoder().decode(TraceStep.self, from: Data(old.utf8))
    #expect((read.before, read.after, read.beforeNode, read.afterNode) == ("red", "green", "red", "green"))
  }
}
