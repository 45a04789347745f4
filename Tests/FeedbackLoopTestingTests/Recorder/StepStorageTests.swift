import FeedbackGraph
import FeedbackLoop
@testable import FeedbackLoopTesting
import Testing
import FeedbackLoopSupport

/// The recorder's compact storage: chunk boundaries, copies, and long recordings read back
/// exactly as they were recorded.
@Suite struct StepStorageTests {
  @Test func chunkedArrayKeepsEveryElementAcrossChunks() {
    var array = ChunkedArray<Int>()
    let count = 3 * ChunkedArray<Int>.chunkSize + 5
    var index = 0
    while index < count {
      // Mix single and triple appends so that triples straddle chunk boundaries.
      if index % 7 == 0, index + 3 <= count {
        array.append(index, index + 1, index + 2)
        index += 3
      } else {
        array.append(index)
        index += 1
      }
    }
    #expect(array.count == count)
    #expect(Array(array) == Array(0..<count))
    #expect(array[ChunkedArray<Int>.chunkSize - 1] == ChunkedArray<Int>.chunkSize - 1)
    #expect(array[ChunkedArray<Int>.chunkSize] == ChunkedArray<Int>.chunkSize)
  }

  @Test func chunkedArrayCopiesAreIndependent() {
    var original = ChunkedArray<String>()
    for number in 0..<10 { original.append("\(number)") }
    var copy = original
    copy.append("copy")
    original.append("original", "a", "b")
    #expect(Array(copy) == (0..<10).map { "\($0)" } + ["copy"])
    #expect(Array(original) == (0..<10).map { "\($0)" } + ["original", "a", "b"])
  }

  @Test func aLongRecordingReadsBackStepByStep() {
    let cycles = 3_000  // 12,001 steps: three chunks
    let system = System<Int, Signal>(initial: 0) {
      Reducer { state, _ in state += 1 }
      Feedback("next") { (state: Int) -> Effect<Signal> in state < cycles ? .send(.tick) : .none }
    }
    let scheduler = TestScheduler()
    let loop = LoopRecorder(system, scheduler: scheduler, exhaustivity: .off())
    let steps = loop.steps
    #expect(steps.count == 1 + 4 * cycles)
    #expect(steps.indices.allSatisfy { steps[$0].index == $0 })
    // The last cycle: started, emitted, finished, then the event they caused.
    let last = steps.suffix(4).map { "\($0.step)" }
    #expect(
      last == [
        "effectStarted(effect #\(cycles - 1), feedback: next)",
        "effectEmitted(effect #\(cycles - 1), feedback: next, event: FeedbackLoopTestingTests.Signal.tick)",
        "effectFinished(effect #\(cycles - 1), feedback: next)",
        "reduced(event: FeedbackLoopTestingTests.Signal.tick, source: next, before: \(cycles - 1), after: \(cycles), transition: nil)",
      ])
    // Each effect step follows the event step (or the initial step) before it.
    #expect(steps[8_193].cause == 8_192)
    #expect(steps[8_194].cause == 8_192)
    #expect(steps[0].cause == 0)
    loop.finish()
  }

  @Test func mixedEffectsReadBackAsTheLoopReportedThem() {
    // Synchronous effects (one record for three steps) between async ones, cancellations
    // and ignored events: every step read back equals the step the loop reported.
    let system = System<Int, Signal>(initial: 0) {
      Reducer { state, _ in state += 1 }
      // Answers states 1, 4, 7, 10 (its `.skip` moves the state on, cancelling the timer).
      Feedback("sync") { (state: Int) -> Effect<Signal> in state % 3 == 1 ? .send(.skip) : .none }
      Feedback("async", emits: [.tick]) { (state: Int, clock) -> Signal? in
        try await clock.sleep(for: .seconds(1))
        return state < 12 ? .tick : nil
      }
    }
    let reported = Protected<[String]>([])
    let direct = TestScheduler()
    let loop = Loop(system, scheduler: direct) { step in
      reported.withLock {
        $0.append(
          "\(step.kind) \(step.feedback.map { String(describing: $0.id) } ?? "-") \(step.effect.map(String.init(describing:)) ?? "-") \(step.after.map(String.init(describing:)) ?? "-")"
        )
      }
    }
    let recorder = LoopRecorder(system, exhaustivity: .off())
    for _ in 0..<14 {
      direct.advance(by: .seconds(1))
      recorder.scheduler.advance(by: .seconds(1))
    }
    loop.stop()
    recorder.loop.stop()
    let read = recorder.steps.map { recorded in
      let step = recorded.step
      return
        "\(step.kind) \(step.feedback.map { String(describing: $0.id) } ?? "-") \(step.effect.map(String.init(describing:)) ?? "-") \(step.after.map(String.init(describing:)) ?? "-")"
    }
    #expect(read == reported.withLock { $0 })
    #expect(read.filter { $0.hasPrefix("effectStarted feedback #0") }.count == 4)  // sync: states 1, 4, 7, 10
    #expect(recorder.steps.indices.allSatisfy { recorder.steps[$0].index == $0 })
    recorder.finish()
  }

  @Test func timesAreStoredOnlyWhereTheyChangeAndReadBackPerStep() {
    let loop = LoopRecorder(light, exhaustivity: .off())
    loop.scheduler.advance(by: .seconds(30))
    loop.scheduler.advance(by: .seconds(30))
    loop.send(.emergency) { $0 = .red }
    let times = loop.steps.map { "#\($0.index) \($0.time)" }
    #expect(
      times == [
        "#0 0.0 seconds", "#1 0.0 seconds",
        "#2 30.0 seconds", "#3 30.0 seconds", "#4 30.0 seconds", "#5 30.0 seconds",
        "#6 60.0 seconds", "#7 60.0 seconds", "#8 60.0 seconds", "#9 60.0 seconds",
        "#10 60.0 seconds", "#11 60.0 seconds", "#12 60.0 seconds",
      ])
    loop.finish()
  }
}
