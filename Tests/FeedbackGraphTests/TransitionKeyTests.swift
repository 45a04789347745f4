import FeedbackGraph
import Testing

/// A transition's content key: the same wherever it is declared, different when anything
/// it declares changes, unique in its graph.
@Suite struct TransitionKeyTests {
  static let edges = [
    TransitionEdge(id: 0, from: "red", event: "tick", to: ["green"]),
    TransitionEdge(id: 1, from: nil, event: "reset", to: ["red"], label: "reset"),
    TransitionEdge(id: 2, from: "green", event: "tick", to: ["yellow"], guardDescription: "clear"),
  ]

  static func graph(_ edges: [TransitionEdge]) -> SystemGraph {
    SystemGraph(
      name: "Light", initial: "red", states: [], events: [], declaresTransitions: true,
      transitions: edges.enumerated().map { position, edge in
        var edge = edge
        edge.id = TransitionID(position)
        return edge
      }, feedbacks: [])
  }

  static func keys(_ edges: [TransitionEdge]) -> [TransitionKey] {
    let graph = graph(edges)
    return graph.transitions.map { graph.transitionKeys[$0.id]! }
  }

  @Test func keysFollowTheContentNotThePosition() {
    let keys = Self.keys(Self.edges)
    #expect(Self.keys(Self.edges.reversed()) == keys.reversed())
    #expect(Set(keys).count == 3)
    #expect(keys[0].rawValue.hasPrefix("fnv1a64:") && keys[0].rawValue.count == 24)
  }

  @Test func anyChangeToATransitionChangesItsKeyAlone() {
    let keys = Self.keys(Self.edges)
    var changes = Self.edges
    changes[1].label = "reset!"
    changes[2].guardDescription = nil
    #expect(Self.keys(changes) == [keys[0]] + Self.keys(Array(changes[1...])))
    #expect(Self.keys(changes)[1] != keys[1])
    #expect(Self.keys(changes)[2] != keys[2])
    var retargeted = Self.edges
    retargeted[0].to = ["yellow"]
    #expect(Self.keys(retargeted)[0] != keys[0])
    #expect(Array(Self.keys(retargeted)[1...]) == Array(keys[1...]))
  }

  @Test func identicalDeclarationsAreToldApartByTheirOrder() {
    let keys = Self.keys([Self.edges[0], Self.edges[1], Self.edges[0]])
    #expect(keys[2].rawValue == keys[0].rawValue + "#2")
    #expect(keys[0] != keys[2])
  }
}
