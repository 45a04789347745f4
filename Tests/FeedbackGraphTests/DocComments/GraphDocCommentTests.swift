import FeedbackGraph
import Foundation
import Testing

/// The doc comments' examples of `SystemGraph`, `TransitionKey` and `TraceReader`,
/// verbatim (DocCommentMirrorCheckTests), run.
@Suite struct GraphDocCommentTests {
  /// `SystemGraph`: a graph written by hand encodes to JSON that decodes to it again.
  @Test func aGraphWrittenByHandRoundTripsThroughJSON() throws {
    let graph = SystemGraph(
      name: "TrafficLight",
      initial: "red",
      states: [StateNode(id: "red"), StateNode(id: "green")],
      events: [EventNode(id: "tick")],
      transitions: [TransitionEdge(id: TransitionID(0), from: "red", event: "tick", to: ["green"])]
    )
    let json = try graph.jsonData()

    #expect(try SystemGraph.decode(json, source: "light.json") == graph)
    #expect(String(decoding: json, as: UTF8.self).contains("\"schemaVersion\""))
  }

  /// Two transitions of the light, in the given order.
  static func light(_ order: [Int]) -> SystemGraph {
    let edges = [
      (from: "red", event: "tick", to: "green"),
      (from: "green", event: "tick", to: "red"),
    ]
    return SystemGraph(
      name: "Light", initial: "red", states: [StateNode(id: "red"), StateNode(id: "green")],
      events: [EventNode(id: "tick")],
      transitions: order.enumerated().map { position, index in
        TransitionEdge(id: TransitionID(position), from: edges[index].from, event: "tick", to: [edges[index].to])
      })
  }

  /// A step that fired `transition`.
  static func step(_ transition: Int) -> TraceStep {
    TraceStep(index: 1, timeNanoseconds: 0, kind: .event, transition: TransitionID(transition), event: "tick")
  }

  /// `TransitionKey`: a transition keeps its key when the table is reordered.
  @Test func aReorderedTransitionKeepsItsKey() {
    let recorded = Self.light([0, 1])
    let graph = Self.light([1, 0])
    let step = Self.step(0)  // red → green, first in the recorded table
    let replayed = Self.step(1)  // red → green, second after the reorder

    let keys = graph.transitionKeys  // [TransitionID: TransitionKey]
    let same = recorded.transitionKeys[step.transition!] == keys[replayed.transition!]  // the same transition

    #expect(same)
    #expect(keys[TransitionID(0)] != keys[TransitionID(1)])
  }

  /// `TraceReader`: a trace read line by line, its header then its steps.
  @Test func aTraceIsReadOneStepAtATime() throws {
    let light = Self.light([0, 1])
    let steps = [
      TraceStep(index: 0, timeNanoseconds: 0, kind: .initial, after: "red", afterNode: "red"),
      Self.step(0), Self.step(1),
    ]
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("doc-reader-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try Trace(header: TraceHeader(graph: light, test: "cycle"), steps: steps).jsonLines().write(to: url)

    var reader = try TraceReader(contentsOf: url)
    let header = try reader.header()
    var events = 0
    while let step = try reader.next() { if step.kind == .event { events += 1 } }
    print("\(header.graph?.name ?? "?"): \(events) events")

    #expect(header.test == "cycle")
    #expect(events == 2)
  }
}
