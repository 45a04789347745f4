package import FeedbackGraph
package import Foundation

/// `diagram mutate` from start to end in a package folder: build the tests, run the suite
/// once with traces, find the test binary and the tests' identifiers, check that the
/// binary passes without a mutant, then run the mutants (``MutationRun``) in batches.
package struct MutationDriver {
  /// The test processes.
  package var process: TestProcess
  /// Whether to skip `swift build --build-tests`.
  package var skipBuild: Bool
  /// How many test processes run at once.
  package var jobs: Int
  /// Where progress lines go (standard error in `diagram`).
  package var log: @Sendable (String) -> Void

  /// A driver.
  package init(process: TestProcess, skipBuild: Bool, jobs: Int, log: @escaping @Sendable (String) -> Void) {
    self.process = process
    self.skipBuild = skipBuild
    self.jobs = jobs
    self.log = log
  }

  /// Runs `mutants`, with `behaviours` for the equivalence check; `readTraces` reads the
  /// trace files the suite wrote into a folder.
  ///
  /// - Throws: ``MutationError/setup(_:)`` when the build fails, the suite fails or runs no
  ///   test without a mutant, or writes no trace.
  package func run(
    mutants: [Mutant], behaviours: [String: @Sendable (Mutant?) -> ReachableBehaviour?], shard: Shard?,
    readTraces: (URL) throws -> [Trace]
  ) throws -> MutationReport {
    var process = self.process
    if !skipBuild {
      log("Building the tests (swift build --build-tests)…")
      if case .failed(let output) = try process.build() {
        throw MutationError.setup("the build failed: " + Self.lastLine(output))
      }
    }
    let traces = FileManager.default.temporaryDirectory.appendingPathComponent(
      "diagram-mutate-traces-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: traces) }
    log("Running the suite once with traces…")
    let started = Date()
    switch try process.runSuite(tracingInto: traces) {
    case .passed: break
    case .timedOut:
      throw MutationError.setup("the tests did not finish")
    case .ranNoTest:
      throw MutationError.setup("--tests \(process.tests ?? "") runs no test; `swift test list` shows the tests' names")
    case .failed(let output):
      throw MutationError.setup("the tests fail without a mutant; fix them first (" + Self.lastLine(output) + ")")
    }
    let suiteSeconds = Date().timeIntervalSince(started)
    process.binary = try process.findBinary()
    let identifiers = try process.listTests()
    let tested = TracedTest.grouping(try readTraces(traces))
    guard !tested.isEmpty else {
      throw MutationError.setup("the tests wrote no traces: only tests that record with LoopRecorder can kill mutants")
    }
    // A control run without a mutant: the direct runs of the binary must pass as `swift test` did.
    if process.binary != nil,
      try process.runControl(identifiers: tested.flatMap { $0.identifiers(among: identifiers) }) != .passed
    {
      log("note: the tests fail when run from the test binary directly; running each mutant with swift test")
      process.binary = nil
    }
    let run = MutationRun(mutants: mutants, tests: tested, behaviours: behaviours, shard: shard)
    let runner = process
    return try run.execute(suiteSeconds: suiteSeconds, started: started, jobs: jobs, progress: log) { batch in
      try runner.run(batch, among: identifiers)
    }
  }

  /// The last non-empty line of a command's output.
  static func lastLine(_ output: String) -> String {
    output.split(whereSeparator: \.isNewline).last { !$0.allSatisfy(\.isWhitespace) }.map(String.init) ?? "no output"
  }
}
