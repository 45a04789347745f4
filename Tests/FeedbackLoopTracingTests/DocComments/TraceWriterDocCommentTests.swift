import FeedbackGraph
import FeedbackLoop
import FeedbackLoopSupport
import FeedbackLoopTracing
import Foundation
import Testing

/// The doc comments' examples of `TraceWriter` and its policy, status and errors, verbatim
/// (DocCommentMirrorCheckTests), run against a scratch directory.
@Suite(.timeLimit(.minutes(3))) struct TraceWriterDocCommentTests {
  enum Light: Hashable, Sendable { case red, green }
  enum Signal: Hashable, Sendable { case tick, emergency }
  static let trafficLight = System<Light, Signal>("TrafficLight", initial: .red) {
    Transitions {
      Transition(from: .red, on: .tick, to: .green)
      Transition(from: .any, on: .emergency, to: .red)
    }
  }

  /// An app's logger: collects what it is told.
  struct Logger: Sendable {
    let lines = Protected<[String]>([])
    func error(_ line: String) { lines.withLock { $0.append(line) } }
  }

  /// `TraceWriter`: the last steps of a loop on a queue, flushed to one trace file.
  @Test func theLastStepsAreFlushedToATraceFile() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let logsDirectory = scratch.url
    let trafficLight = Self.trafficLight

    let scheduler = QueueScheduler()
    let writer = try TraceWriter(
      recording: trafficLight, scheduler: scheduler, to: logsDirectory, policy: .lastSteps(10_000))
    let loop = Loop(trafficLight, scheduler: scheduler, onStep: writer.record)
    // …
    writer.flush()  // e.g. when the app reports a bug: the file now holds the last 10,000 steps

    loop.send(.tick)
    loop.send(.emergency)
    await loop.idle()
    loop.stop()
    writer.flush()
    let trace = try Trace.decodeJSONLines(Data(contentsOf: writer.status.files.last!))
    #expect(trace.steps.map(\.kind).filter { $0 == .event }.count == 2)
    writer.close()
  }

  /// `TraceWriter.init(recording:…)`, `flush()` and `status`: a rotating stream read back.
  @Test func aRotatingStreamIsReadBackAfterAFlush() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let directory = scratch.url
    let system = Self.trafficLight
    let scheduler = QueueScheduler()
    let logger = Logger()

    let writer = try TraceWriter(
      recording: system, scheduler: scheduler, to: directory,
      policy: .rotatingFiles(stepsPerFile: 100_000, keep: 5),
      onError: { failure in logger.error("\(failure)") })
    let loop = Loop(system, scheduler: scheduler, onStep: writer.record)

    loop.send(.tick)
    await loop.idle()
    loop.stop()

    writer.flush()
    let trace = try Trace.decodeJSONLines(Data(contentsOf: writer.status.files.last!))

    #expect(trace.header.graph?.name == "TrafficLight")
    #expect(trace.steps.contains { $0.kind == .event && $0.after == "green" })

    writer.flush()
    if writer.status.droppedSteps > 0 { print("trace incomplete") }

    writer.flush()
    let status = writer.status
    print("\(status.writtenSteps) steps in \(status.files.count) files, \(status.droppedSteps) dropped")

    #expect(status.droppedSteps == 0)
    #expect(status.files.count == 1)
    #expect(status.writtenSteps == trace.steps.count)
    #expect(logger.lines.withLock { $0 }.isEmpty)
    writer.close()
  }

  /// `TraceWriterPolicy`: both policies make a writer.
  @Test func bothPoliciesMakeAWriter() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let directory = scratch.url
    let system = Self.trafficLight
    let scheduler = QueueScheduler()

    let crashDump = try TraceWriter(recording: system, scheduler: scheduler, to: directory, policy: .lastSteps(10_000))
    let stream = try TraceWriter(
      recording: system, scheduler: scheduler, to: directory, policy: .rotatingFiles(stepsPerFile: 100_000, keep: 5))

    #expect(crashDump.policy == .lastSteps(10_000))
    #expect(stream.policy == .rotatingFiles(stepsPerFile: 100_000, keep: 5))
    crashDump.close()
    stream.close()
  }

  /// `TraceWriterConfigurationError`: `lastSteps(0)` is refused with its reason.
  @Test func aPolicyThatKeepsNothingIsRefused() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let directory = scratch.url
    let system = Self.trafficLight
    let scheduler = QueueScheduler()
    do {
      _ = try TraceWriter(recording: system, scheduler: scheduler, to: directory, policy: .lastSteps(0))
    } catch let error as TraceWriterConfigurationError {
      print(error)  // lastSteps(0) keeps no step: the count must be at least 1
    }

    let error = #expect(throws: TraceWriterConfigurationError.self) {
      try TraceWriter(recording: system, scheduler: scheduler, to: directory, policy: .lastSteps(0))
    }
    #expect(error?.reason == "lastSteps(0) keeps no step: the count must be at least 1")
  }

  /// `TraceWriterFailure` and `printToStandardError`: a directory that is a file fails once,
  /// through `onError`.
  @Test func anUnusableDirectoryIsReportedThroughOnError() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let directory = scratch.url.appendingPathComponent("a-file")
    try Data("not a directory".utf8).write(to: directory)
    let system = Self.trafficLight
    let scheduler = QueueScheduler()
    let logger = Logger()

    let writer = try TraceWriter(
      recording: system, scheduler: scheduler, to: directory, policy: .lastSteps(1_000),
      onError: { failure in logger.error("\(failure)") })

    writer.flush()
    #expect(logger.lines.withLock { $0 }.count == 1)
    #expect(logger.lines.withLock { $0 }.first?.hasPrefix("TraceWriter could not ") == true)
    #expect(writer.status.failure != nil)
    writer.close()
    try checkDefaultOnError(system: system, scheduler: scheduler, directory: directory)
  }

  /// The default `onError`, named: the writer fails as above, on standard error.
  func checkDefaultOnError(system: System<Light, Signal>, scheduler: QueueScheduler, directory: URL) throws {
    let writer = try TraceWriter(
      recording: system, scheduler: scheduler, to: directory, policy: .lastSteps(100),
      onError: TraceWriter<Light, Signal>.printToStandardError)

    writer.flush()
    #expect(writer.status.failure != nil)
    writer.close()
  }
}
