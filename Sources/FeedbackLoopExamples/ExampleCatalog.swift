package import FeedbackGraph
import FeedbackLoop

/// Every example system, as the `diagram` command and the benchmarks see them.
package enum ExampleCatalog {
  /// The examples' graphs, sorted by name.
  package static var graphs: [SystemGraph] {
    [
      Counter.system().graph,
      Movies.system().graph,
      SignIn.system().graph,
      TrafficLight.system.graph,
      Uploader.system().graph,
      Volume.system().graph,
    ].sorted { $0.name < $1.name }
  }
}
