package import Foundation

/// Runs `swift build` and the tests for `diagram mutate`: one child process at a time, its
/// output kept in a temporary file (read only when it failed), killed past a time limit.
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

  /// Runs the tests `identifiers` name (as ``listTests()`` gives them) with `mutantJSON`
  /// switched on; the first failing group ends the run.
  package func run(identifiers: [String], mutantJSON: String) throws -> Outcome {
    let environment = ["FEEDBACKLOOP_MUTANT": mutantJSON]
    guard let binary else {
      return try run(patterns: identifiers.map { TracedTest.escaped($0) }, mutantJSON: mutantJSON)
    }
    let swiftTesting = identifiers.filter { $0.hasSuffix(")") }
    let xcTest = identifiers.filter { !$0.hasSuffix(")") }
    if !swiftTesting.isEmpty {
      let filter = swiftTesting.map { TracedTest.escaped($0) }.joined(separator: "|")
      let outcome = try run(
        binary, ["--testing-library", "swift-testing", "--filter", filter], environment: environment, limit: timeout
      ).outcome
      if outcome != .passed { return outcome }
    }
    if !xcTest.isEmpty {
      return try run(binary, [xcTest.joined(separator: ",")], environment: environment, limit: timeout).outcome
    }
    return .passed
  }

  /// `swift test --skip-build --filter …` with the `patterns`, `mutantJSON` switched on.
  package func run(patterns: [String], mutantJSON: String) throws -> Outcome {
    try run(
      swift: ["test", "--skip-build", "--filter", patterns.joined(separator: "|")],
      environment: ["FEEDBACKLOOP_MUTANT": mutantJSON], limit: timeout
    ).outcome
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
    environment["FEEDBACKLOOP_MUTANT"] = nil
    environment["FEEDBACKLOOP_TRACE_DIR"] = nil
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
