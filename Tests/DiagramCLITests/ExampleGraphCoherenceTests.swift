import FeedbackGraph
import FeedbackLoopExamples
import Testing

/// The graphs the runtime makes hold together, so `diagram render --graph` reads them back.
@Suite struct ExampleGraphCoherenceTests {
  @Test(arguments: ExampleCatalog.graphs.map(\.name))
  func everyExampleGraphIsCoherentAndReadsBack(name: String) throws {
    let graph = try #require(ExampleCatalog.graphs.first { $0.name == name })
    try graph.checkCoherence(source: name)
    #expect(try SystemGraph.decode(graph.jsonData(), source: name) == graph)
  }
}
