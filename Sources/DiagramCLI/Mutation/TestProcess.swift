package import Foundation

/// Runs `swift build` and `swift test` for `diagram mutate`: one child process at a time,
/// its output kept in a temporary file (read only when it failed), killed past a time limit.
package struct TestProcess: Sendable {
  /// The package folder the commands run in.
  package var packagePath: String
  /// The `swift test --filter` pattern of the suite to mutate-test (`--tests`).
  package var tests: String?
  /// The most seconds one test run may take.
  package var timeout: Double

  /// How a run ended.
  package enum Outcome: Equatable, Sendable {
    case passed
    case failed(output: String)
    case timedOut
  }

  /// A runner in `packagePath`.
  package init(packagePath: String, tests: String?, timeout: Double) {
    self.packagePath = packagePath
    self.tests = tests
    self.timeout = timeout
  }

  /// `swift build --build-tests`.
  package func build() throws -> Outcome {
    try run(["build", "--build-tests"], environment: [:], limit: nil)
  }

  /// `swift test --skip-build` for the suite, writing traces into `traceDirectory`.
  package func runSuite(tracingInto traceDirectory: URL) throws -> Outcome {
    try run(
      ["test", "--skip-build"] + (tests.map { ["--filter", $0] } ?? []),
      environment: ["FEEDBACKLOOP_TRACE_DIR": traceDirectory.path], limit: nil)
  }

  /// `swift test --skip-build --filter …` for `tests`, with `mutantJSON` switched on.
  package func run(_ filters: [String], mutantJSON: String) throws -> Outcome {
    try run(
      ["test", "--skip-build"] + filters.flatMap { ["--filter", $0] }, environment: ["FEEDBACKLOOP_MUTANT": mutantJSON],
      limit: timeout)
  }

  private func run(_ arguments: [String], environment extra: [String: String], limit: Double?) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift"] + arguments + ["--package-path", packagePath]
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
        return .timedOut
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    if process.terminationStatus == 0 { return .passed }
    let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    return .failed(output: String(output.suffix(4_000)))
  }
}
