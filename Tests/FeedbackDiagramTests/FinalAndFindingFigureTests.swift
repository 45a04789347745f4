import FeedbackDiagram
import FeedbackGraph
import Foundation
import Testing

/// The reachable graph's marks, as the states figure draws them: a final state with a
/// double border, a finding's move in red.
@Suite struct FinalAndFindingFigureTests {
  static let graph = SystemGraph(
    name: "Checkout-reachable", initial: "cart",
    states: [
      StateNode(id: "cancelled", isFinal: true), StateNode(id: "cart"), StateNode(id: "confirmed", isFinal: true),
    ],
    events: [EventNode(id: "authorized"), EventNode(id: "cancel")],
    declaresTransitions: true,
    transitions: [
      TransitionEdge(id: TransitionID(0), from: "cart", event: "cancel", to: ["cancelled"]),
      {
        var edge = TransitionEdge(id: TransitionID(1), from: "cancelled", event: "authorized", to: ["confirmed"])
        edge.finding = "final-state-left"
        return edge
      }(),
    ],
    feedbacks: [])

  @Test func finalStatesHaveADoubleBorderAndAFindingsMoveIsRed() {
    let dot = Diagram.dot(Self.graph, figure: .states)
    let theme = Theme.light
    #expect(dot.contains(#"class="state final""#))
    #expect(dot.components(separatedBy: "peripheries=2").count == 3)  // cancelled and confirmed
    #expect(dot.contains(#"class="transition t1 finding""#))
    #expect(dot.contains("color=\"\(theme.failure)\", fontcolor=\"\(theme.failure)\", penwidth=2"))
    #expect(dot.contains("double border: final state"))
    #expect(dot.contains("a finding&#39;s move") || dot.contains("a finding's move"))
    // The move into cancelled is no finding's: drawn as any other.
    let cancel = dot.split(separator: "\n").first { $0.contains("label=\"cancel\"") || $0.contains(">cancel<") }
    #expect(cancel.map { !$0.contains("penwidth") } ?? false)
  }

  @Test func theMarksSurviveJSONAndAGraphWithoutThemKeepsItsBytes() throws {
    let decoded = try JSONDecoder().decode(SystemGraph.self, from: JSONEncoder().encode(Self.graph))
    #expect(decoded == Self.graph)
    let plain = try JSONEncoder().encode(StateNode(id: "cart"))
    #expect(String(decoding: plain, as: UTF8.self).contains("isFinal") == false)
    let old = try JSONDecoder().decode(StateNode.self, from: Data(#"{"id":"cart","fields":[]}"#.utf8))
    #expect(old == StateNode(id: "cart"))
  }
}
