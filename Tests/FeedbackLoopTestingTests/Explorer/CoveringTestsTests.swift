import FeedbackLoopExamples
import FeedbackLoopExplorer
import FeedbackLoopTesting
import Testing

/// The explorer's covering paths written as this kit's tests (the writer lives in the kit).
@Suite struct CoveringTestsTests {
  @Test func coveringTestsAreLoopRecorderSkeletons() {
    let tests = ExampleExplorers.trafficLight.run().coveringTests()
    #expect(
      tests.first == """
        // Covering path 1 of TrafficLight, found by the explorer; it fires:
        //   red —tick→ green
        //   green —tick→ yellow
        //   yellow —tick→ red
        @Test func coveringPath1() {
          let loop = LoopRecorder(TrafficLight.system, exhaustivity: .off())
          loop.send(.tick) { $0 = .green }  // emitted by "timer" in a running loop
          loop.send(.tick) { $0 = .yellow }  // emitted by "timer" in a running loop
          loop.send(.tick) { $0 = .red }  // emitted by "timer" in a running loop
          loop.finish()
        }

        """)
  }
}
