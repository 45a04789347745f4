import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// Issue #19, item 7: a trace file is named after the test that ran, and a failure suggests
/// a command that draws it in the user's own package.
@Suite struct TraceFileNameTests {
  /// A helper that makes the recorder, as tests write them.
  static func recorder(connectivity: Int) -> LoopRecorder<Light, Signal> {
    LoopRecorder(light, writesTrace: false)
  }

  @Test func aRecorderMadeInAHelperIsNamedAfterTheCallingTest() {
    let loop = Self.recorder(connectivity: 2)
    #expect(loop.traceFileName == "Light-TraceFileNameTests-aRecorderMadeInAHelperIsNamedAfterTheCallingTest.jsonl")
    loop.skipInFlightEffects()
  }

  @Test func aGivenTestNameStillWins() {
    let loop = LoopRecorder(light, writesTrace: false, testName: "named()")
    #expect(loop.traceFileName == "Light-TraceFileNameTests-named.jsonl")
    loop.skipInFlightEffects()
  }

  @Test func theDrawCommandIsNeutralUnlessThePackageNamesIt() {
    #expect(
      DrawCommand.drawIt("/tmp/a b.jsonl", environment: [:])
        == "Draw it: swift run <your DiagramCommand executable> trace '/tmp/a b.jsonl' (set FEEDBACKLOOP_DIAGRAM_COMMAND to that command and this line names it)"
    )
    #expect(
      DrawCommand.drawIt("/tmp/a.jsonl", environment: ["FEEDBACKLOOP_DIAGRAM_COMMAND": "swift run lockdiagrams"])
        == "Draw it: swift run lockdiagrams trace /tmp/a.jsonl")
  }

  /// The viewer page is named as `diagram trace` names it (names in safe characters) and
  /// opens at the failing step; a failure that concerns no step opens it at its first failure.
  @Test func theViewerLinkNamesThePageDiagramTraceWrites() {
    #expect(
      DrawCommand.stepThroughIt(system: "Light/1", test: "cycles()", step: 4, directory: "/work/pkg")
        == "Step through it: file:///work/pkg/Diagrams/Light_1.cycles.trace.html#step=4 (once drawn)")
    #expect(
      DrawCommand.stepThroughIt(system: "中文", test: "", step: nil, directory: "/a b")
        == "Step through it: file:///a%20b/Diagrams/system.trace.trace.html (once drawn)")
  }
}
