import FeedbackDiagram
import FeedbackGraph
import Testing

/// The state figure marks waiting states (issue #34) with a dashed border and a legend row,
/// beside final ones (a double border).
@Suite struct WaitingStateFigureTests {
  @Test func waitingAndFinalStatesAreMarkedInTheStateFigure() throws {
    let graph = SystemGraph(
      name: "Door", initial: "closed",
      states: [
        StateNode(id: "closed", isWaiting: true), StateNode(id: "gone", isFinal: true), StateNode(id: "opening"),
      ],
      events: [EventNode(id: "open"), EventNode(id: "leave")],
      transitions: [
        TransitionEdge(id: TransitionID(0), from: "closed", event: "open", to: ["opening"]),
        TransitionEdge(id: TransitionID(1), from: "opening", event: "leave", to: ["gone"]),
      ])
    let dot = Diagram.dot(graph, figure: .states)
    let lines = dot.split(separator: "\n").map(String.init)
    let closed = try #require(lines.first { $0.contains("tooltip=\"closed (waiting)\"") })
    #expect(closed.contains("class=\"state waiting\"") && closed.contains("style=\"rounded,filled,dashed\""))
    let gone = try #require(lines.first { $0.contains("tooltip=\"gone (final)\"") })
    #expect(gone.contains("peripheries=2") && !gone.contains("dashed"))
    let opening = try #require(lines.first { $0.contains("tooltip=\"opening\"") })
    #expect(!opening.contains("dashed") && !opening.contains("peripheries"))
    #expect(dot.contains("dashed border: waits for the outside"))
    #expect(dot.contains("double border: final state"))
  }
}
