import FeedbackGraph
import Foundation
import Testing

@Suite struct SystemGraphDecodingTests {
  static let graph = SystemGraph(
    name: "Light", initial: "red",
    states: [StateNode(id: "green"), StateNode(id: "red", fields: ["since: Int"])],
    events: [EventNode(id: "tick")],
    transitions: [TransitionEdge(id: "t0", from: "red", event: "tick", to: ["green"], label: "go")],
    feedbacks: [FeedbackNode(name: "timer", watches: "every state", emits: ["tick"], strategy: "cancelOnNewState")]
  )

  @Test func roundTripsWithStableBytes() throws {
    let data = try Self.graph.jsonData()
    #expect(try SystemGraph.decode(data) == Self.graph)
    #expect(try Self.graph.jsonData() == data)
  }

  @Test(arguments: [
    ("not json", "g.json: not valid JSON"),
    (#"{"name": "x"}"#, "g.json: schemaVersion: missing; expected 1"),
    (#"{"schemaVersion": 2}"#, "g.json: schemaVersion: unsupported version 2; this library reads version 1"),
    (
      #"{"schemaVersion": 1, "name": "x", "initial": "a", "declaresTransitions": true, "events": [], "transitions": [], "feedbacks": [], "states": [{"fields": []}]}"#,
      #"g.json: states[0].id: missing key "id""#
    ),
    (
      #"{"schemaVersion": 1, "name": 3, "initial": "a", "declaresTransitions": true, "events": [], "transitions": [], "feedbacks": [], "states": []}"#,
      "g.json: name: expected a string"
    ),
  ])
  func malformedGraphsSayWhatAndWhere(json: String, message: String) {
    #expect {
      try SystemGraph.decode(Data(json.utf8), source: "g.json")
    } throws: { error in
      "\(error)".hasPrefix(message)
    }
  }

  @Test func tracesRoundTripAsJSONLines() throws {
    var trace = Trace(system: "Light", test: "cycles()")
    trace.steps = [
      Step(index: 0, timeNanoseconds: 0, kind: .initial, stateAfter: "red", toNode: "red"),
      Step(
        index: 1, timeNanoseconds: 30_000_000_000, kind: .event, source: "timer", event: "tick", eventID: "tick",
        stateBefore: "red", stateAfter: "green", fromNode: "red", toNode: "green", transition: "t0"),
    ]
    let data = try trace.jsonLines()
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.split(separator: "\n").count == 3)  // header + one line per step
    #expect(text.hasPrefix(#"{"schemaVersion":1,"system":"Light","test":"cycles()"}"#))
    #expect(try Trace.decodeJSONLines(data) == trace)
  }

  @Test func aBadTraceLineIsNamed() {
    let data = Data(#"{"schemaVersion":1,"system":"Light"}"#.utf8 + [0x0A] + Data(#"{"index": "zero"}"#.utf8))
    #expect {
      try Trace.decodeJSONLines(data, source: "t.jsonl")
    } throws: { error in
      "\(error)".hasPrefix("t.jsonl:2: index: expected a number")
    }
  }
}
