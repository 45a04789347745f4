import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTracing
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `TraceWriter`: what ends up in its files. Synchronisation is `flush()`, never time.
@Suite struct TraceWriterTests {
  // MARK: lastSteps

  @Test func lastStepsWritesTheHeaderAndExactlyTheLastStepsWithTheirIndices() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let system = countingSystem()
    let scheduler = InlineScheduler()
    let writer = try TraceWriter(recording: system, scheduler: scheduler, to: scratch.url, policy: .lastSteps(100))
    defer { writer.close() }
    let loop = Loop(system, scheduler: scheduler, onStep: writer.record)
    for _ in 0..<1_000 { loop.send(.up) }
    writer.flush()

    #expect(loop.state == 1_000)
    let files = writer.status.files
    #expect(files.count == 1)
    #expect(try scratch.names() == files.map(\.lastPathComponent))
    let trace = try readTrace(try #require(files.first))
    #expect(trace.header.outcome == .recorded)
    #expect(trace.header.test == nil)
    #expect(trace.header.fingerprint == system.graph.fingerprint)
    #expect(trace.header.encodesEvents && trace.header.encodesStates)
    // 1,001 steps (the initial state, then 1,000 events): the last 100 are 901...1000.
    #expect(trace.steps.map(\.index) == Array(901...1_000))
    #expect(trace.steps.allSatisfy { $0.kind == .event && $0.event == "up" })
    #expect(trace.steps.map(\.after) == (901...1_000).map { "\($0)" })
    #expect(trace.steps.map(\.before) == (900...999).map { "\($0)" })
    #expect(writer.status.recordedSteps == 1_001)
    #expect(writer.status.writtenSteps == 100)
    #expect(writer.status.droppedSteps == 0)
  }

  @Test func lastStepsReplacesItsFileOnEachFlushAndKeepsItWhole() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let system = countingSystem()
    let writer = try TraceWriter(
      recording: system, scheduler: InlineScheduler(), to: scratch.url, policy: .lastSteps(3))
    defer { writer.close() }
    let loop = Loop(system, onStep: writer.record)
    writer.flush()
    let file = try #require(writer.status.files.first)
    #expect(try readTrace(file).steps.map(\.after) == ["0"])  // the initial step
    loop.send(.up)
    loop.send(.up)
    loop.send(.stay)  // ignored: still a step
    loop.send(.up)
    writer.close()
    let trace = try readTrace(file)
    #expect(trace.steps.map(\.kind) == [.event, .ignoredEvent, .event])
    #expect(trace.steps.map(\.index) == [2, 3, 4])
    #expect(trace.steps.map(\.after) == ["2", "2", "3"])
    #expect(try scratch.names() == [file.lastPathComponent])  // replaced, not added to
    // After close, steps are only counted.
    loop.send(.up)
    #expect(writer.status.isClosed)
    #expect(writer.status.droppedSteps == 1)
    #expect(try readTrace(file).steps.count == 3)
  }

  @Test func synchronousEffectsAreWrittenAsThreeStepsWithConsecutiveIndices() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let system = System<Int, Tick>(initial: 0) {
      Transitions {
        Transition(from: .any, on: .up) { state, _ in state + 1 }
      }
      Feedback("again") { (state: Int) -> Effect<Tick> in state == 1 ? .send(.up) : .none }
    }
    let writer = try TraceWriter(
      recording: system, scheduler: InlineScheduler(), to: scratch.url, policy: .lastSteps(10))
    defer { writer.close() }
    let loop = Loop(system, onStep: writer.record)
    loop.send(.up)
    writer.flush()
    let trace = try readTrace(try #require(writer.status.files.first))
    #expect(trace.steps.map(\.kind) == [.initial, .event, .effectStarted, .effectEmitted, .effectFinished, .event])
    #expect(trace.steps.map(\.index) == Array(0...5))
    #expect(trace.steps[2].feedback == FeedbackID(0))
    #expect(trace.steps[5].after == "2")
    #expect(writer.status.recordedSteps == 6)
  }

  // MARK: rotatingFiles

  @Test func rotatingFilesKeepOnlyTheNewestAndNeverTouchOtherFiles() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let system = countingSystem("Light/Counter: v2")  // becomes part of file names
    let date = Date(timeIntervalSince1970: 1_700_000_000)  // 20231114-221320 UTC
    // A user's file with the exact name the writer would choose first, and another one
    // with a name of the same shape.
    let first = "Light_Counter_v2-20231114-221320-\(getpid())-1.jsonl"
    let lookalike = "Light_Counter_v2-20231114-221320-\(getpid() + 1)-2.jsonl"
    for name in [first, lookalike] {
      try Data("user data\n".utf8).write(to: scratch.url.appendingPathComponent(name))
    }
    let writer = try TraceWriter(
      recording: system, scheduler: InlineScheduler(), policy: .rotatingFiles(stepsPerFile: 10, keep: 2),
      pendingLimit: 1_000, files: TraceWriterFileOptions(directory: scratch.url, now: { date }),
      onError: { Issue.record("unexpected failure: \($0)") })
    defer { writer.close() }
    let loop = Loop(system, onStep: writer.record)
    for _ in 0..<95 { loop.send(.up) }
    writer.flush()

    // 96 steps in files of 10: ten files, the last two kept (steps 80...89 and 90...95).
    let files = writer.status.files
    #expect(
      files.map(\.lastPathComponent) == [
        "Light_Counter_v2-20231114-221320-\(getpid())-10.jsonl",
        "Light_Counter_v2-20231114-221320-\(getpid())-11.jsonl",
      ])
    #expect(try scratch.names() == (files.map(\.lastPathComponent) + [first, lookalike]).sorted())
    for name in [first, lookalike] {
      #expect(try Data(contentsOf: scratch.url.appendingPathComponent(name)) == Data("user data\n".utf8))
    }
    let traces = try files.map(readTrace)
    for trace in traces {
      #expect(trace.header.system == "Light/Counter: v2")
      #expect(trace.header.fingerprint == system.graph.fingerprint)
      #expect(trace.header.outcome == .recorded)
    }
    #expect(traces.map { $0.steps.map(\.index) } == [Array(80...89), Array(90...95)])
    #expect(traces[1].steps.last?.after == "95")
    #expect(writer.status.writtenSteps == 96)
    #expect(writer.status.droppedSteps == 0)
  }

  @Test func aWriterThatFallsBehindDropsTheOldestPendingStepsAndCountsThem() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let system = countingSystem()
    // The writer thread is stuck creating its first file until `gate` opens, so the
    // pending buffer (10 steps) overflows deterministically.
    let gate = DispatchSemaphore(value: 0)
    let opened = CallCounter()
    let writer = try TraceWriter(
      recording: system, scheduler: InlineScheduler(), policy: .rotatingFiles(stepsPerFile: 4, keep: 10),
      pendingLimit: 10,
      files: TraceWriterFileOptions(
        directory: scratch.url,
        createFile: { path in
          opened.increment()
          if opened.count == 1 { gate.wait() }
          return TraceWriterFiles.createExclusively(path)
        }),
      onError: { Issue.record("unexpected failure: \($0)") })
    defer { writer.close() }
    let loop = Loop(system, onStep: writer.record)
    for _ in 0..<100 { loop.send(.up) }
    gate.signal()
    writer.flush()

    #expect(loop.state == 100)
    let status = writer.status
    #expect(status.recordedSteps == 101)
    #expect(status.droppedSteps == 91)  // 101 steps, only the newest 10 could wait
    #expect(status.writtenSteps == 10)
    let traces = try status.files.map(readTrace)
    #expect(traces.flatMap { $0.steps.map(\.index) } == Array(91...100))
    // The first file was opened before anything was dropped; the later ones say so.
    #expect(traces.first?.header.outcome.message == nil)
    #expect(traces.count == 3)
    #expect(
      traces.dropFirst().allSatisfy { $0.header.outcome.message?.hasPrefix("91 earlier steps were dropped") == true })
  }

  // MARK: Failures

  /// A million events past a failed writer: reported once, none kept. 20,000 under
  /// ThreadSanitizer, where a million take a minute on their own and this test checks
  /// ordering, not volume.
  #if FEEDBACKLOOP_TSAN_LOCKS
    static let eventsPastAFailure = 20_000
  #else
    static let eventsPastAFailure = 1_000_000
  #endif

  @Test(arguments: ["file", "file/below", "/proc/feedbackloop-traces", "/sys/feedbackloop-traces"])
  func anUnusableDirectoryIsReportedOnceAndTheLoopRunsOn(_ path: String) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.url.appendingPathComponent("file")
    try Data("not a directory".utf8).write(to: file)
    let directory = path.hasPrefix("/") ? URL(fileURLWithPath: path) : scratch.url.appendingPathComponent(path)
    let reductions = CallCounter()
    let system = System<Int, Tick>(
      initial: 0,
      reduce: { state, _ in
        reductions.increment()
        state += 1
      })
    let failures = FailureLog()
    let writer = try TraceWriter(
      recording: system, scheduler: InlineScheduler(), to: directory, policy: .lastSteps(1_000),
      onError: failures.onError)
    defer { writer.close() }
    let loop = Loop(system, onStep: writer.record)
    let events = path == "file" ? Self.eventsPastAFailure : 10_000
    for _ in 0..<events { loop.send(.up) }
    writer.flush()
    writer.close()

    #expect(reductions.count == events)
    #expect(loop.state == events)
    #expect(failures.all.count == 1)
    let failure = try #require(failures.all.first)
    #expect(failure.operation == .createDirectory)
    #expect(failure.path == directory.path)
    #expect(failure.errorNumber != nil)
    #expect(failure.description.hasPrefix("TraceWriter could not create the directory \(directory.path): "))
    if path == "file" {
      #expect(failure.errorNumber == ENOTDIR)
    }
    #expect(writer.status.failure == failure)
    #expect(writer.status.droppedSteps == events + 1)
    #expect(writer.status.files == [])
    #expect(try Data(contentsOf: file) == Data("not a directory".utf8))
  }

  @Test func aFullDiskIsReportedOnceAndTheLoopRunsOn() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let system = countingSystem()
    let failures = FailureLog()
    // Every "file" is /dev/full: each write fails with ENOSPC.
    let writer = try TraceWriter(
      recording: system, scheduler: InlineScheduler(), policy: .rotatingFiles(stepsPerFile: 10, keep: 2),
      pendingLimit: 1_000,
      files: TraceWriterFileOptions(
        directory: scratch.url, createFile: { _ in open("/dev/full", O_WRONLY | O_CLOEXEC) }),
      onError: failures.onError)
    defer { writer.close() }
    let loop = Loop(system, onStep: writer.record)
    for _ in 0..<1_000 { loop.send(.up) }
    writer.flush()

    #expect(loop.state == 1_000)
    #expect(failures.all.count == 1)
    let failure = try #require(failures.all.first)
    #expect(failure.operation == .write)
    #expect(failure.errorNumber == ENOSPC)
    #expect(failure.reason == String(cString: strerror(ENOSPC)))
    #expect(writer.status.droppedSteps == 1_001)
    #expect(writer.status.writtenSteps == 0)
  }

  // MARK: Values, configuration, names

  @Test func codableSystemsCarryTheirEncodedEventsAndStates() throws {
    struct Form: Hashable, Sendable, Codable {
      var name = ""
      var submitted = false
    }
    enum Edit: Hashable, Sendable, Codable { case type(String), submit }
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let system = System<Form, Edit>(
      initial: Form(),
      reduce: { form, edit in
        switch edit {
        case .type(let text): form.name += text
        case .submit: form.submitted = true
        }
      })
    let writer = try TraceWriter(
      recording: system, scheduler: InlineScheduler(), to: scratch.url, policy: .lastSteps(10))
    defer { writer.close() }
    let loop = Loop(system, onStep: writer.record)
    loop.send(.type("Ada"))
    loop.send(.submit)
    writer.close()

    let trace = try readTrace(try #require(writer.status.files.first))
    #expect(trace.header.encodesEvents && trace.header.encodesStates)
    func decode<T: Decodable>(_ json: String?, as type: T.Type) throws -> T? {
      try json.map { try JSONDecoder().decode(T.self, from: Data($0.utf8)) }
    }
    #expect(try trace.steps.map { try decode($0.eventJSON, as: Edit.self) } == [nil, .type("Ada"), .submit])
    #expect(
      try trace.steps.map { try decode($0.stateJSON, as: Form.self) } == [
        Form(), Form(name: "Ada"), Form(name: "Ada", submitted: true),
      ])
  }

  @Test func nonCodableValuesAreDescribedOnly() throws {
    enum Light: Hashable, Sendable { case red, green }
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let system = System<Light, Tick>(initial: .red, reduce: { light, _ in light = .green })
    let writer = try TraceWriter(
      recording: system, scheduler: InlineScheduler(), to: scratch.url, policy: .lastSteps(10))
    defer { writer.close() }
    let loop = Loop(system, onStep: writer.record)
    loop.send(.up)
    writer.close()
    let trace = try readTrace(try #require(writer.status.files.first))
    #expect(trace.header.encodesEvents && !trace.header.encodesStates)
    #expect(trace.steps.map(\.after) == ["red", "green"])
    #expect(trace.steps.map(\.stateJSON) == [nil, nil])
    #expect(trace.steps.map(\.eventJSON) == [nil, #""up""#])
  }

  @Test(arguments: [
    (TraceWriterPolicy.lastSteps(0), 1, "lastSteps(0) keeps no step"),
    (.rotatingFiles(stepsPerFile: 0, keep: 1), 1, "rotatingFiles(stepsPerFile: 0)"),
    (.rotatingFiles(stepsPerFile: 10, keep: 0), 1, "rotatingFiles(keep: 0)"),
    (.rotatingFiles(stepsPerFile: 10, keep: 1), 0, "pendingLimit: 0"),
  ])
  func policiesThatCannotWorkAreRejectedUpFront(policy: TraceWriterPolicy, pendingLimit: Int, message: String) throws {
    let error = #expect(throws: TraceWriterConfigurationError.self) {
      _ = try TraceWriter(
        recording: countingSystem(), scheduler: InlineScheduler(),
        to: URL(fileURLWithPath: "/nonexistent/never-created"), policy: policy, pendingLimit: pendingLimit)
    }
    #expect(error?.description.hasPrefix(message) == true)
    #expect(!FileManager.default.fileExists(atPath: "/nonexistent/never-created"))
  }

  @Test func systemNamesAreReducedToSafeFileNameCharacters() {
    #expect(TraceWriterFiles.sanitized("Traffic Light/v2: ünïcode") == "Traffic_Light_v2_n_code")
    #expect(TraceWriterFiles.sanitized("../../etc/passwd") == "etc_passwd")
    #expect(TraceWriterFiles.sanitized("") == "Trace")
    #expect(TraceWriterFiles.sanitized(String(repeating: "a", count: 300)).count == 64)
    #expect(
      TraceWriterFiles.fileName(system: "Light", date: Date(timeIntervalSince1970: 0), processID: 42, sequence: 3)
        == "Light-19700101-000000-42-3.jsonl")
  }
}
