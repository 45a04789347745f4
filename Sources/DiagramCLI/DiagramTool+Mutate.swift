import ArgumentParser
import FeedbackCoverage
import FeedbackDiagram
import FeedbackGraph
import Foundation

extension DiagramTool {
  /// `diagram mutate`: model-level mutation testing of the registered systems.
  struct MutateCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "mutate",
        abstract: "Mutate the registered systems' transitions and feedbacks and see which mutants the tests kill.",
        discussion: """
          Builds the tests once, runs the suite once with traces to learn which tests exercise \
          which transitions, then, for each mutant, runs only the tests whose traces touch what it \
          changes, with the mutant switched on in their LoopRecorders (FEEDBACKLOOP_MUTANT): a \
          failing test kills it. Survivors are printed with the tests that ran them; a survivor \
          whose reachable behaviour the system's registered explorer finds identical to the \
          original's is equivalent and left out of the score. Writes <System>.mutants.{svg,png,dot}. \
          --shard i/n runs a slice of the mutants; --merge joins the slices' --json results.
          """)
    }

    @Option(name: .long, help: "The `swift test --filter` of the suite to run (default: every test).")
    var tests: String?

    @Flag(name: .long, help: "Print the results as JSON (for --merge) instead of the text.")
    var json = false

    @Option(name: .customLong("min-score"), help: "Fail below this mutation score (0…1).")
    var minScore: Double?

    @Option(name: .long, help: "Run the i-th of n slices of the mutants (e.g. 2/4).")
    var shard: Shard?

    @Option(
      name: .long, parsing: .upToNextOption,
      help: "Merge these --json results of shards instead of running tests.")
    var merge: [String] = []

    @Option(name: .long, help: "Run only the mutant with this id (repeatable; see --list).")
    var mutant: [String] = []

    @Flag(name: .long, help: "List the mutants (id, then name) and exit.")
    var list = false

    @Option(name: .long, help: "The most seconds one mutant's test run may take (then it counts as killed).")
    var timeout: Double = 300

    @Flag(name: .customLong("skip-build"), help: "Use the tests as built (`swift build --build-tests` ran already).")
    var skipBuild = false

    @Option(name: .customLong("package-path"), help: "The package whose tests run.")
    var packagePath = "."

    @OptionGroup var figures: FigureOptions

    func validate() throws {
      if let minScore, !(0...1).contains(minScore) {
        throw DiagramCLIError.minimumOutOfRange(option: "--min-score", value: minScore)
      }
      if timeout <= 0 { throw ValidationError("--timeout must be a positive number of seconds.") }
      if !merge.isEmpty, shard != nil { throw ValidationError("--merge joins shards' results; drop --shard.") }
    }

    func run() throws {
      if list {
        for mutant in try MutationRun.plan(systems: Catalog.systems, only: mutant, shard: shard) {
          print("\(mutant.id)\t\(mutant.name)")
        }
        return
      }
      var shards: [MutationReport] = []
      for path in merge { shards.append(try Self.readResults(path)) }
      let report = merge.isEmpty ? try mutate() : try MutationReport.merged(shards)
      if report.shard == nil { try writeFigures(report) }
      print(json ? try report.json() : report.text, terminator: "")
      if let minScore, report.score < minScore {
        throw DiagramCLIError.belowMutationScore(
          score: report.score, minimum: minScore, survivors: report.results(.survived).count)
      }
    }

    /// Builds, records the suite's traces, and runs the mutants.
    private func mutate() throws -> MutationReport {
      let mutants = try MutationRun.plan(systems: Catalog.systems, only: mutant, shard: shard)
      var process = TestProcess(packagePath: packagePath, tests: tests, timeout: timeout)
      if !skipBuild {
        printError("Building the tests (swift build --build-tests)…")
        if case .failed(let output) = try process.build() {
          throw DiagramCLIError.mutationSetup("the build failed: " + Self.lastLine(output))
        }
      }
      let traces = FileManager.default.temporaryDirectory.appendingPathComponent(
        "diagram-mutate-traces-\(UUID().uuidString)", isDirectory: true)
      defer { try? FileManager.default.removeItem(at: traces) }
      printError("Running the suite once with traces…")
      let started = Date()
      switch try process.runSuite(tracingInto: traces) {
      case .passed: break
      case .timedOut:
        throw DiagramCLIError.mutationSetup("the tests did not finish")
      case .ranNoTest:
        throw DiagramCLIError.mutationSetup(
          "--tests \(tests ?? "") runs no test; `swift test list` shows the tests' names")
      case .failed(let output):
        throw DiagramCLIError.mutationSetup(
          "the tests fail without a mutant; fix them first (" + Self.lastLine(output) + ")")
      }
      let suiteSeconds = Date().timeIntervalSince(started)
      process.binary = try process.findBinary()
      let identifiers = try process.listTests()
      let tested = TracedTest.grouping(try Self.readTraces(in: traces))
      guard !tested.isEmpty else {
        throw DiagramCLIError.mutationSetup(
          "the tests wrote no traces: only tests that record with LoopRecorder can kill mutants")
      }
      // A control run without a mutant: the direct runs of the binary must pass as `swift test` did.
      if process.binary != nil,
        try process.run(identifiers: tested.flatMap { $0.identifiers(among: identifiers) }, mutantJSON: "") != .passed
      {
        printError("note: the tests fail when run from the test binary directly; running each mutant with swift test")
        process.binary = nil
      }
      var behaviours: [String: @Sendable (Mutant?) -> ReachableBehaviour?] = [:]
      for exploration in Catalog.explorations { behaviours[exploration.name] = exploration.behaviour }
      let run = MutationRun(mutants: mutants, tests: tested, behaviours: behaviours, shard: shard)
      return try run.execute(suiteSeconds: suiteSeconds, started: started, progress: printError) { mutant, chosen in
        let json = try MutationRun.environmentJSON(mutant)
        let named = chosen.map { $0.identifiers(among: identifiers) }
        // A test `swift test list` does not show under its traces' name: `swift test` by name patterns.
        guard !named.contains(where: \.isEmpty) else {
          return try process.run(patterns: chosen.map(\.filter), mutantJSON: json)
        }
        return try process.run(identifiers: named.flatMap { $0 }, mutantJSON: json)
      }
    }

    /// Writes `<stem>.mutants.<format>` for each system with mutants.
    private func writeFigures(_ report: MutationReport) throws {
      let theme = try figures.theme.theme()
      let graphs = Catalog.systems.filter { graph in report.results.contains { $0.mutant.system == graph.name } }
      let recorded = try OutputManifest.read(in: URL(fileURLWithPath: figures.output, isDirectory: true)).stems
      let stems = OutputNames.stems(for: graphs.map(\.name), recorded: recorded)
      let names = try figures.write { formats in
        try zip(graphs, stems).flatMap { graph, stem in
          let mine = report.results.filter { $0.mutant.system == graph.name }
          let dot = MutationFigure(
            graph: graph, survivors: mine.filter { $0.status == .survived }.map(\.mutant),
            killed: mine.filter { $0.status == .killed }.count,
            equivalent: mine.filter { $0.status == .equivalent }.count,
            theme: theme
          ).dot
          return try formats.map {
            (name: "\(stem).mutants.\($0.rawValue)", data: try Diagram.render(dot: dot, as: $0))
          }
        }
      }
      if !names.isEmpty { printError("Wrote \(names.joined(separator: ", ")) into \(figures.output)/") }
    }

    /// The traces the suite wrote.
    private static func readTraces(in folder: URL) throws -> [Trace] {
      guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
      do {
        return try TraceFiles.find([folder.path]).map { path in
          var reader = try TraceReader(contentsOf: URL(fileURLWithPath: path))
          var trace = Trace(header: try reader.header())
          while let step = try reader.next() { trace.steps.append(step) }
          return trace
        }
      } catch let error as CoverageError {
        throw DiagramCLIError.traces(error.description)
      } catch let error as GraphDecodingError {
        throw DiagramCLIError.traces(error.description)
      }
    }

    /// The results in the file at `path`.
    private static func readResults(_ path: String) throws -> MutationReport {
      let data: Data
      do {
        data = try InputFile.read(path, limit: InputFile.graphLimit)
      } catch {
        throw DiagramCLIError.mutationResults("cannot read mutation results file \(path)")
      }
      return try MutationReport.read(data, path: path)
    }

    /// The last non-empty line of a command's output.
    private static func lastLine(_ output: String) -> String {
      output.split(whereSeparator: \.isNewline).last { !$0.allSatisfy(\.isWhitespace) }.map(String.init) ?? "no output"
    }
  }
}
