import DiagramCLI
import DiagramExplorer
import FeedbackLoopExamples
import FeedbackLoopExplorer

extension Diagrams {
  /// The examples' explorers.
  static var explorations: [RegisteredExploration] {
    [
      RegisteredExploration(ExampleExplorers.counter),
      RegisteredExploration(ExampleExplorers.movies),
      RegisteredExploration(ExampleExplorers.signIn),
      RegisteredExploration(ExampleExplorers.trafficLight),
      RegisteredExploration(ExampleExplorers.uploader),
      RegisteredExploration(ExampleExplorers.volume),
    ]
  }
}
