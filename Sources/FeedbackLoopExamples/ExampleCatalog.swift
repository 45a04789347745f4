package import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExplorer

/// Every example system, as the `diagram` command and the benchmarks see them.
package enum ExampleCatalog {
  /// The examples' graphs, sorted by name, with the final and waiting states their
  /// explorers declare marked (``ExampleExplorers``; `Exploration.declaredGraph()`).
  package static var graphs: [SystemGraph] {
    [
      Counter.system().graph,
      ExampleExplorers.movies.run().declaredGraph(),
      ExampleExplorers.signIn.run().declaredGraph(),
      TrafficLight.system.graph,
      ExampleExplorers.uploader.run().declaredGraph(),
      Volume.system().graph,
    ].sorted { $0.name < $1.name }
  }
}
