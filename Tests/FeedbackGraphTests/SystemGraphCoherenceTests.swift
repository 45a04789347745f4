import FeedbackGraph
import Foundation
import Testing

/// A graph file that does not hold together is an error naming the problem and its JSON
/// path (issue #9), never a figure with an edge dropped or a node from nowhere.
@Suite struct SystemGraphCoherenceTests {
  static let valid = SystemGraphDecodingTests.graph

  /// One mutation of the valid graph per problem class, with the error it must give.
  static let broken: [(name: String, mutate: @Sendable (inout SystemGraph) -> Void, message: String)] = [
    ("empty name", { $0.name = "" }, "g.json: name: empty: a system needs a name"),
    ("empty state id", { $0.states[0].id = "" }, "g.json: states[0].id: empty: a state needs an id"),
    (
      "duplicate state", { $0.states.append(StateNode(id: "red")) },
      #"g.json: states[2].id: duplicate of states[1].id ("red")"#
    ),
    ("empty event id", { $0.events[0].id = "" }, "g.json: events[0].id: empty: an event needs an id"),
    (
      "duplicate event", { $0.events.append(EventNode(id: "tick")) },
      #"g.json: events[1].id: duplicate of events[0].id ("tick")"#
    ),
    ("missing initial", { $0.initial = "blue" }, #"g.json: initial: no state "blue" among states"#),
    ("empty initial", { $0.initial = "" }, "g.json: initial: empty"),
    (
      "duplicate transition id",
      { $0.transitions.append(TransitionEdge(id: 0, from: "green", event: "tick", to: ["red"])) },
      "g.json: transitions[1].id: duplicate of transitions[0].id (0)"
    ),
    (
      "missing source", { $0.transitions[0].from = "amber" },
      #"g.json: transitions[0].from: no state "amber" among states"#
    ),
    (
      "missing event", { $0.transitions[0].event = "tock" },
      #"g.json: transitions[0].event: no event "tock" among events"#
    ),
    (
      "missing target", { $0.transitions[0].to = ["green", "blue"] },
      #"g.json: transitions[0].to[1]: no state "blue" among states"#
    ),
    ("no target", { $0.transitions[0].to = [] }, "g.json: transitions[0].to: empty: a transition needs a target"),
    ("empty feedback name", { $0.feedbacks[0].name = "" }, "g.json: feedbacks[0].name: empty"),
    (
      "a missing name is quoted on one line",
      { $0.initial = "x\u{202E}\"" }, #"g.json: initial: no state "x\u{202e}\"" among states"#
    ),
    (
      "a control character in a name",
      { $0.states[0].fields = ["a\u{7}"] },
      "g.json: states[0].fields[0]: contains U+0007 (a control character) at character 1; names must be printable"
    ),
    (
      "a noncharacter in a label",
      { $0.transitions[0].label = "\u{FFFE}" },
      "g.json: transitions[0].label: contains U+FFFE (a noncharacter) at character 0; names must be printable"
    ),
  ]

  @Test(arguments: 0..<broken.count)
  func anIncoherentGraphIsAnErrorWithItsPath(case index: Int) throws {
    var graph = Self.valid
    Self.broken[index].mutate(&graph)
    let data = try graph.jsonData()
    #expect(throws: GraphDecodingError.self, "\(Self.broken[index].name)") {
      try SystemGraph.decode(data, source: "g.json")
    }
    do {
      _ = try SystemGraph.decode(data, source: "g.json")
    } catch {
      #expect("\(error)" == Self.broken[index].message, "\(Self.broken[index].name)")
    }
  }

  @Test func aCoherentGraphPasses() throws {
    try Self.valid.checkCoherence()
    // Wildcards reference nothing: a transition from any state on any event.
    var graph = Self.valid
    graph.transitions.append(TransitionEdge(id: 1, from: nil, event: nil, to: ["red"]))
    try graph.checkCoherence()
  }
}
