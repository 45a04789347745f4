import FeedbackGraph
import FeedbackLoopExamples
import FeedbackLoopTesting
import Foundation
import Testing

@Suite struct CounterTests {
  @Test func incrementsAndDecrements() {
    let loop = LoopRecorder(Counter.system())
    loop.send(.increment) { $0.value = 1 }
    loop.send(.increment) { $0.value = 2 }
    loop.send(.decrement) { $0.value = 1 }
  }

  @Test func marblesReadTheSameSequence() {
    let loop = LoopRecorder(Counter.system(initial: 5))
    loop.expect {
      Sending(.decrement) { $0.value = 4 }
      Sending(.decrement) { $0.value = 3 }
      Sending(.increment) { $0.value = 4 }
    }
  }

  @Test func invariantHoldsOnEveryStep() {
    let loop = LoopRecorder(Counter.system())
    loop.invariant("never below -1") { $0.value >= -1 }
    loop.send(.decrement) { $0.value = -1 }
    loop.send(.increment) { $0.value = 0 }
  }

  @Test(arguments: ExampleCatalog.graphs.map(\.name))
  func everyExampleGraphRoundTripsThroughJSON(name: String) throws {
    let graph = try #require(ExampleCatalog.graphs.first { $0.name == name })
    let data = try graph.jsonData()
    #expect(try SystemGraph.decode(data, source: "\(graph.name).json") == graph)
    #expect(try graph.jsonData() == data)
  }

  @Test func theCatalogListsEveryExample() {
    #expect(ExampleCatalog.graphs.map(\.name) == ["Counter", "Movies", "SignIn", "TrafficLight", "Uploader", "Volume"])
  }
}
