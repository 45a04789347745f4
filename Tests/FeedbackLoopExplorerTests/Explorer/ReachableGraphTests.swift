import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopExplorer
import Testing

/// The explored space as a graph of concrete states.
@Suite struct ReachableGraphTests {
  @Test func counterBecomesAChainOfConcreteStates() {
    let graph = Explorer(Counter.system(), events: [.increment, .decrement], maxDepth: 2).run().reachableGraph()
    #expect(graph.name == "Counter-reachable")
    #expect(graph.initial == "State(value: 0)")
    #expect(Set(graph.states.map(\.id)) == Set((-2...2).map { "State(value: \($0))" }))
    #expect(graph.transitions.count == 8)  // each of the 5 states to its neighbours within ±2
    #expect(
      graph.transitions.contains {
        $0.from == "State(value: 1)" && $0.event == "increment" && $0.to == ["State(value: 2)"]
      })
  }

  @Test func aPlainReducerSystemGetsAGraph() {
    let graph = Explorer(Models.counters, events: [.incA, .incB, .nextMode]).run().reachableGraph(
      limit: 5)
    #expect(graph.name == "Counters-reachable-first-5")
    #expect(graph.states.count == 5)
    #expect(graph.events.map(\.id) == ["incA", "incB", "nextMode"])
  }

  @Test func namesDropTypeQualifiers() {
    let graph = ExampleExplorers.signIn.run().reachableGraph()
    #expect(graph.states.count == 9)
    #expect(
      graph.states.contains { $0.id == #"submitting(Form(email: "ada@example.com", password: "correct horse"))"# })
    #expect(!graph.states.contains { $0.id.contains("FeedbackLoopExamples.") })
  }

  @Test func everyExamplesReachableGraphIsCoherentAndSurvivesJSON() throws {
    let graphs = [
      ExampleExplorers.counter.run().reachableGraph(), ExampleExplorers.signIn.run().reachableGraph(),
      ExampleExplorers.trafficLight.run().reachableGraph(), ExampleExplorers.volume.run().reachableGraph(),
      ExampleExplorers.movies.run().reachableGraph(),
    ]
    for graph in graphs {
      try graph.checkCoherence(source: graph.name)
      #expect(try SystemGraph.decode(graph.jsonData(), source: graph.name) == graph)
    }
  }
}
