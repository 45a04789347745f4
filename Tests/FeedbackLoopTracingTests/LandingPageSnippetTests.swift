// The FeedbackLoopTracing landing page's snippet, verbatim (checked by
// Tests/FeedbackLoopTestingTests/Readme/ReadmeMirrorCheckTests.swift), run against a
// stand-in `trafficLight` and a scratch `logsDirectory`.
import FeedbackLoop
import FeedbackLoopTracing
import Foundation
import Testing

@Suite struct LandingPageSnippetTests {
  enum Light: String, Hashable, Sendable, Codable { case red, green }
  enum Tick: String, Hashable, Sendable, Codable { case tick }

  @Test func theWriterOfTheLandingPageHoldsTheLastStepsOnceFlushed() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let logsDirectory = scratch.url
    let trafficLight = System<Light, Tick>("TrafficLight", initial: .red) {
      Transitions {
        Transition(from: .red, on: .tick, to: .green)
        Transition(from: .green, on: .tick, to: .red)
      }
    }

    let scheduler = QueueScheduler()
    let writer = try TraceWriter(
      recording: trafficLight, scheduler: scheduler, to: logsDirectory, policy: .lastSteps(10_000))
    let loop = Loop(trafficLight, scheduler: scheduler, onStep: writer.record)
    // …
    writer.flush()  // the file now holds the last 10,000 steps

    #expect(writer.status.files.count == 1)  // the initial step, flushed
    for _ in 0..<3 { loop.send(.tick) }
    // The queue reduces the events on its own thread: flush until the writer has them all.
    var trace = try readTrace(try #require(writer.status.files.last))
    let deadline = Date().addingTimeInterval(30)
    while trace.steps.count < 4, Date() < deadline {
      writer.flush()
      trace = try readTrace(try #require(writer.status.files.last))
    }
    #expect(trace.steps.map(\.after) == ["red", "green", "red", "green"])
    loop.stop()
    writer.close()
  }
}
