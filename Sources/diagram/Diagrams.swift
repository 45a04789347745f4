import DiagramCLI
import FeedbackGraph
import FeedbackLoopExamples

/// `swift run diagram`: the example systems of this repository.
@main
struct Diagrams: DiagramCommand {
  static var systems: [SystemGraph] { ExampleCatalog.graphs }
}
