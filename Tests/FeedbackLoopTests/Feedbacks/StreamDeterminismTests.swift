import FeedbackLoop
import FeedbackLoopTesting
import Foundation
import Testing

/// RxFeedback's paginated search on `Feedback.states` (swift-async-algorithms' `debounce`,
/// the requests form's latest-wins) under a `TestScheduler`: one transcript, run after run,
/// process after process.
@Suite struct StreamDeterminismTests {
  /// Runs under ThreadSanitizer too (the runtime's tests): a fiftieth of the runs there.
  #if FEEDBACKLOOP_TSAN_LOCKS
    static let runs = 20
  #else
    static let runs = 1_000
  #endif

  /// Types "s", "sw", "swi" 100 ms apart, then "swif" while the first page loads, and
  /// lets every page arrive. Returns the recorder's timeline.
  static func typeAndSearch() -> String {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(
      githubSearch, scheduler: scheduler, exhaustivity: .off(showSkipped: false), writesTrace: false)
    for text in ["s", "sw", "swi"] {
      loop.send(.typed(text), from: "searchField")
      scheduler.advance(by: .milliseconds(100))
    }
    scheduler.advance(to: .milliseconds(600))
    loop.send(.typed("swif"), from: "searchField")
    scheduler.advance(by: .seconds(5))
    let timeline = loop.timeline
    loop.skipInFlightEffects()
    loop.finish()
    return timeline
  }

  @Test func oneSearchForTheLastTextAtHalfASecondAndTheLatestQueryWins() {
    let scheduler = TestScheduler()
    let loop = LoopRecorder(githubSearch, scheduler: scheduler)
    loop.send(.typed("s"), from: "searchField") { $0.typed = "s" }
    scheduler.advance(by: .milliseconds(100))
    loop.send(.typed("sw"), from: "searchField") { $0.typed = "sw" }
    scheduler.advance(by: .milliseconds(100))
    loop.send(.typed("swi"), from: "searchField") { $0.typed = "swi" }
    loop.receiveNothing(before: .milliseconds(500))
    loop.receive(.searchChanged("swi"), from: "debounce", at: .milliseconds(500)) {
      $0.search = "swi"
      $0.nextPage = 1
      $0.shouldLoadNextPage = true
    }
    scheduler.advance(to: .milliseconds(600))
    loop.send(.typed("swif"), from: "searchField") { $0.typed = "swif" }
    scheduler.advance(to: .milliseconds(900))
    loop.receive(.searchChanged("swif"), from: "debounce", at: .milliseconds(900)) { $0.search = "swif" }
    let swif = PageQuery(search: "swif", page: 1)
    scheduler.advance(to: .milliseconds(1_900))
    loop.receive(
      .response(swif, repositories: ["swif-1a", "swif-1b"], nextPage: 2), from: "loadPage", at: .milliseconds(1_900)
    ) {
      $0.results = ["swif-1a", "swif-1b"]
      $0.nextPage = 2
      $0.shouldLoadNextPage = false
    }
    loop.finish()
  }

  @Test func theSearchsPagesAreEffectsAndTheReplacedOneIsCancelled() {
    let timeline = Self.typeAndSearch()
    let effects = timeline.split(separator: "\n").filter { $0.contains("loadPage effect") }
      .map { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().joined(separator: " ") }
    #expect(
      effects == [
        "0.5s started loadPage effect #0",
        "0.9s cancelled loadPage effect #0",
        "0.9s started loadPage effect #1",
        "1.9s emitted loadPage effect #1: response(FeedbackLoopTests.PageQuery(search: \"swif\", page: 1), repositories: [\"swif-1a\", \"swif-1b\"], nextPage: Optional(2))",
        "1.9s finished loadPage effect #1",
      ], "\(timeline)")
  }

  @Test func aThousandRunsGiveOneTranscript() {
    var transcripts: [String: Int] = [:]
    for _ in 0..<Self.runs { transcripts[Self.typeAndSearch(), default: 0] += 1 }
    #expect(transcripts.count == 1, "\(transcripts.count) transcripts: \(transcripts.values.sorted())")
    #expect(
      transcripts.keys.first?.contains("0.5s    event      searchChanged(\"swi\")") == true, "\(transcripts.keys)")
  }

  /// Run by ``separateProcessesGiveTheSameTranscript()`` with `FEEDBACKLOOP_TRANSCRIPT_FILE`
  /// set: writes the transcript there. In an ordinary run it checks nothing more than that
  /// the search runs.
  @Test func writesItsTranscript() throws {
    let transcript = Self.typeAndSearch()
    #expect(transcript.contains("searchChanged(\"swif\")"))
    if let path = ProcessInfo.processInfo.environment["FEEDBACKLOOP_TRANSCRIPT_FILE"] {
      try transcript.write(toFile: path, atomically: true, encoding: .utf8)
    }
  }

  /// Starts this test binary again, three times one after the other (no time limit: a
  /// loaded machine only makes it slower), each writing the transcript of its run.
  @Test func separateProcessesGiveTheSameTranscript() throws {
    #if os(Linux) && !FEEDBACKLOOP_TSAN_LOCKS
      let here = Self.typeAndSearch()
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transcripts-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      for run in 0..<3 {
        let file = directory.appendingPathComponent("\(run).txt")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [
          "--testing-library", "swift-testing", "--filter", "StreamDeterminismTests/writesItsTranscript",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["FEEDBACKLOOP_TRANSCRIPT_FILE"] = file.path
        environment["FEEDBACKLOOP_TRACE_DIR"] = nil
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(output)")
        #expect(try String(contentsOf: file, encoding: .utf8) == here, "process \(run)")
      }
    #endif
  }
}
