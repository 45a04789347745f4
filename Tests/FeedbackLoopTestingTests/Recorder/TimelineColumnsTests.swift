import FeedbackGraph
import FeedbackLoop
@testable import FeedbackLoopTesting
import Testing

/// Issue #19 item 6: a step number past 1,000 ran into its time in failure timelines
/// (`#13280.028s`, the replay's) or lost its last digit (`#132`, the recorder's). The
/// columns are as wide as their widest cell.
@Suite struct TimelineColumnsTests {
  @Test func item6_aStepNumberPastAThousandStaysApartFromItsTime() {
    #expect(TimelineFormat.heads([(13280, .milliseconds(28))]) == ["#13280 0.028s  "])
    #expect(
      TimelineFormat.heads([(7, .seconds(30)), (1328, .milliseconds(28)), (99_999, .seconds(123_456))]) == [
        "#7     30s     ",
        "#1328  0.028s  ",
        "#99999 123456s ",
      ])
    // Short ones keep the columns they always had.
    #expect(TimelineFormat.heads([(0, .zero), (3, .seconds(2))]) == ["#0   0s      ", "#3   2s      "])
  }

  @Test func item6_theRecordersTimelineKeepsEveryDigit() {
    let cycles = 300  // 1,201 steps
    let system = System<Int, Signal>(initial: 0) {
      Reducer { state, _ in state += 1 }
      Feedback("next") { (state: Int) -> Effect<Signal> in state < cycles ? .send(.tick) : .none }
    }
    let loop = LoopRecorder(system, scheduler: TestScheduler(), exhaustivity: .off())
    let lines = loop.timeline.split(separator: "\n").map(String.init)
    #expect(lines.count == 1_201)
    #expect(lines[0] == "#0    0s      initial    0")
    #expect(lines[999].hasPrefix("#999  0s      "))
    #expect(
      Array(lines.suffix(2)) == [
        "#1199 0s      finished   next effect #299",
        "#1200 0s      event      tick from next: 299 → 300",
      ])
    // A failure's tail is aligned over its own lines.
    #expect(
      loop.timeline(endingAt: 1_000, count: 2) == """
          #999  0s      finished   next effect #249
          #1000 0s      event      tick from next: 249 → 250
        """)
    loop.finish()
  }
}
