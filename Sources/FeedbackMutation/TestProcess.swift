import FeedbackGraph
package import Foundation

/// Runs `swift build` and the tests for `diagram mutate`: child processes whose output is
/// kept in a temporary file (read only when it failed), killed past a time limit.
///
/// A mutant's tests run straight from the built test binary where SwiftPM builds one
/// (Linux: `<bin>/<Package>PackageTests.xctest`, Swift Testing and XCTest), a tenth of the
/// time of `swift test`, which stays the way elsewhere.
package struct TestProcess: Sendable {
  /// The package folder the commands run in.
  package var packagePath: String
  /// The `swift test --filter` pattern of the suite to mutate-test (`--tests`).
  package var tests: String?
  /// The most seconds one test run may take.
  package var timeout: Double
  /// The built test binary, when it can be run directly (see ``findBinary()``).
  package var binary: URL?

  /// How a run ended.
  package enum Outcome: Equatable, Sendable {
    case passed
    case failed(output: String)
    case timedOut
    /// The run passed without running a test (its filter matched none): it proves nothing.
    case ranNoTest
  }

  /// A runner in `packagePath`.
  package init(packagePath: String, tests: String?, timeout: Double) {
    self.packagePath = packagePath
    self.tests = tests
    self.timeout = timeout
  }

  /// `swift build --build-tests`.
  package func build() throws -> Outcome {
    try run(swift: ["build", "--build-tests"], environment: [:], limit: nil, keep: true).outcome
  }

  /// `swift test --skip-build` for the suite, writing traces into `traceDirectory`.
  package func runSuite(tracingInto traceDirectory: URL) throws -> Outcome {
    try run(
      swift: ["test", "--skip-build"] + (tests.map { ["--filter", $0] } ?? []),
      environment: ["FEEDBACKLOOP_TRACE_DIR": traceDirectory.path], limit: nil
    ).outcome
  }

  /// The identifiers of every built test (`swift test list`), those of the suite
  /// (`--tests`) only.
  package func listTests() throws -> [String] {
    let (outcome, output) = try run(swift: ["test", "list", "--skip-build"], environment: [:], limit: nil, keep: true)
    guard outcome == .passed else { return [] }
    let all = output.split(whereSeparator: \.isNewline).map(String.init).filter {
      $0.contains("/") && !$0.contains(" ")
    }
    guard let tests, let pattern = try? Regex(tests) else { return all }
    return all.filter { $0.contains(pattern) }
  }

  /// The test binary SwiftPM built, on Linux; `nil` elsewhere or when there is not exactly one.
  package func findBinary() throws -> URL? {
    #if os(Linux)
      let (outcome, output) = try run(swift: ["build", "--show-bin-path"], environment: [:], limit: nil, keep: true)
      guard outcome == .passed, let path = output.split(whereSeparator: \.isNewline).last else { return nil }
      let folder = URL(fileURLWithPath: String(path), isDirectory: true)
      let found = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter {
        $0.hasSuffix("PackageTests.xctest")
      }
      guard let found, found.count == 1 else { return nil }
      return folder.appendingPathComponent(found[0])
    #else
      return nil
    #endif
  }

  /// The control run: the tests `identifiers` name (as ``listTests()`` gives them), from
  /// the binary, with no mutant; it must pass as `swift test` did.
  package func runControl(identifiers: [String]) throws -> Outcome {
    guard let binary else { return .failed(output: "no test binary") }
    let swiftTesting = identifiers.filter { $0.hasSuffix(")") }
    let xcTest = identifiers.filter { !$0.hasSuffix(")") }
    if !swiftTesting.isEmpty {
      let filter = swiftTesting.map { TracedTest.escaped($0) }.joined(separator: "|")
      let outcome = try run(
        binary, ["--testing-library", "swift-testing", "--filter", filter], environment: [:], limit: timeout
      ).outcome
      if outcome != .passed { return outcome }
    }
    if !xcTest.isEmpty {
      return try run(binary, [xcTest.joined(separator: ",")], environment: [:], limit: timeout).outcome
    }
    return .passed
  }

  /// Runs `batch`: its Swift Testing tests in one process from the binary, each with its
  /// own mutant (``MutantAssignment/byTest``), the event stream telling which failed; a
  /// test Swift Testing does not run (XCTest), or every test when there is no binary, in a
  /// process of its own with its mutant for every recorder.
  package func run(_ batch: MutantBatch, among identifiers: [String]) throws -> [String: MutantBatch.Outcome] {
    var outcomes: [String: MutantBatch.Outcome] = [:]
    var shared: [(pair: MutantBatch.Pair, ids: [String])] = []
    for pair in batch.pairs {
      let ids = pair.test.identifiers(among: identifiers)
      if binary != nil, !ids.isEmpty, ids.allSatisfy({ $0.hasSuffix(")") }) {
        shared.append((pair, ids))
      } else {
        outcomes[pair.test.name] = try runAlone(pair, ids: ids)
      }
    }
    if let binary, !shared.isEmpty {
      var byTest: [String: Mutant] = [:]
      for (pair, ids) in shared { for id in ids { byTest[id] = pair.mutant } }
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "diagram-mutate-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let assignment = folder.appendingPathComponent("assignment.json")
      try Data(try MutantAssignment(byTest: byTest).json().utf8).write(to: assignment)
      let events = folder.appendingPathComponent("events.jsonl")
      let filter = shared.flatMap(\.ids).map { TracedTest.escaped($0) }.joined(separator: "|")
      let (outcome, _) = try run(
        binary,
        [
          "--testing-library", "swift-testing", "--filter", filter, "--event-stream-output-path", events.path,
          "--event-stream-version", "0",
        ],
        environment: [MutantAssignment.environmentVariable: assignment.path], limit: timeout, keep: true)
      let stream = TestEventStream(data: (try? Data(contentsOf: events)) ?? Data())
      for (pair, ids) in shared {
        outcomes[pair.test.name] = stream.outcome(of: ids, timedOut: outcome == .timedOut)
      }
    }
    return outcomes
  }

  /// One pair in a process of its own: the mutant for every recorder, the test's
  /// identifiers from the binary (or its name pattern through `swift test`).
  private func runAlone(_ pair: MutantBatch.Pair, ids: [String]) throws -> MutantBatch.Outcome {
    let environment = [MutantAssignment.environmentVariable: try MutantAssignment(everyTest: pair.mutant).json()]
    let outcome: Outcome
    if let binary, !ids.isEmpty {
      let swiftTesting = ids.filter { $0.hasSuffix(")") }, xcTest = ids.filter { !$0.hasSuffix(")") }
      var result = Outcome.passed
      if !swiftTesting.isEmpty {
        let filter = swiftTesting.map { TracedTest.escaped($0) }.joined(separator: "|")
        result = try run(
          binary, ["--testing-library", "swift-testing", "--filter", filter], environment: environment, limit: timeout
        ).outcome
      }
      if result == .passed, !xcTest.isEmpty {
        result = try run(binary, [xcTest.joined(separator: ",")], environment: environment, limit: timeout).outcome
      }
      outcome = result
    } else {
      outcome = try run(
        swift: ["test", "--skip-build", "--filter", pair.test.filter], environment: environment, limit: timeout
      ).outcome
    }
    switch outcome {
    case .passed: return .passed
    case .failed(let output): return .failed(Self.firstFailure(output))
    case .timedOut: return .timedOut
    case .ranNoTest: return .notRun
    }
  }

  /// The first line of `output` that reports a failure (or its last line).
  static func firstFailure(_ output: String) -> String {
    let lines = output.split(whereSeparator: \.isNewline).map(String.init)
    return lines.first { $0.contains("failed") || $0.contains("error:") } ?? lines.last ?? "failed"
  }

  private func run(swift arguments: [String], environment: [String: String], limit: Double?, keep: Bool = false)
    throws -> (outcome: Outcome, output: String)
  {
    try run(
      URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments + ["--package-path", packagePath],
      environment: environment, limit: limit, keep: keep)
  }

  private func run(
    _ executable: URL, _ arguments: [String], environment extra: [String: String], limit: Double?, keep: Bool = false
  ) throws -> (outcome: Outcome, output: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: packagePath, isDirectory: true)
    var environment = ProcessInfo.processInfo.environment
    environment[MutantAssignment.environmentVariable] = nil
    // No traces but those the suite's run asks for: a mutant's run fails tests by design,
    // and the empty string keeps them from writing failure traces into the package's .build.
    environment["FEEDBACKLOOP_TRACE_DIR"] = ""
    environment.merge(extra) { $1 }
    process.environment = environment
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("diagram-mutate-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: log) }
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = limit.map { Date().addingTimeInterval($0) }
    while process.isRunning {
      if let deadline, Date() > deadline {
        process.terminate()
        process.waitUntilExit()
        return (.timedOut, "")
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    let passed = process.terminationStatus == 0 && process.terminationReason == .exit
    let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    guard passed else { return (.failed(output: String(output.suffix(4_000))), output) }
    return (keep || Self.ranTests(output) ? .passed : .ranNoTest, output)
  }

  /// Whether a passing run's output says it ran a test: Swift Testing's `Test run with N
  /// tests` or XCTest's `Executed N tests`, with N > 0.
  package static func ranTests(_ output: String) -> Bool {
    let counts = output.matches(of: #/(?:Test run with|Executed) (\d+) tests?/#).compactMap { Int($0.output.1) }
    return counts.contains { $0 > 0 }
  }
}
