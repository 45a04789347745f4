import FeedbackGraph
import Foundation
import Testing

@Suite struct SystemGraphDecodingTests {
  static let graph = SystemGraph(
    name: "Light", initial: "red",
    states: [StateNode(id: "green"), StateNode(id: "red", fields: ["since: Int"])],
    events: [EventNode(id: "tick")],
    transitions: [TransitionEdge(id: 0, from: "red", event: "tick", to: ["green"], label: "go")],
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
}
