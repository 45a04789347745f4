import ArgumentParser
import FeedbackCoverage
import FeedbackDiagram
import FeedbackGraph
import FeedbackMutation
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
          which transitions, then runs each mutant's tests, only those whose traces touch what it \
          changes, many mutants to a test process: each Swift Testing test gets its own mutant in \
          its LoopRecorders (the assignment in FEEDBACKLOOP_MUTANT), and a failing test kills it. \
          Killed mutants are printed with the tests that killed them, survivors with the tests \
          that ran them; a survivor whose reachable behaviour the system's registered explorer \
          finds identical to the original's is equivalent, and a mutant of a feedback whose \
          events the tests send themselves is driven by the tests: both are left out of the \
          score. A computed transition's retargets among its declared targets return a state \
          the suite's traces recorded, else one the registered explorer reached; without one \
          they are not applicable (left out, with the reason). Writes <System>.mutants.{svg,png,dot}. --jobs N runs N test processes at once; \
          --shard i/n runs a slice of the mutants; --merge joins the slices' --json results.
          """)
    }

    @Option(name: .long, help: "The `swift test --filter` of the suite to run (default: every test).")
    var tests: String?

    @Flag(name: .long, help: "Print the results as JSON (for --merge) instead of the text.")
    var json = false

    @Option(name: .customLong("min-score"), help: "Fail below this mutation score (0…1).")
    var minScore: Double?

    @Option(name: .long, help: "Run the i-th of n slices of the mutants (e.g. 2/4).", transform: parseShard)
    var shard: Shard?

    @Option(name: .long, help: "How many test processes run at once (default 1).")
    var jobs = 1

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
      if jobs < 1 { throw ValidationError("--jobs \(jobs) is not a number of processes; expected 1 or more.") }
      if !merge.isEmpty, shard != nil { throw ValidationError("--merge joins shards' results; drop --shard.") }
    }

    func run() throws {
      do {
        try runMutate()
      } catch let error as MutationError {
        switch error {
        case .unknownMutant(let id): throw DiagramCLIError.unknownMutant(id)
        case .results(let message): throw DiagramCLIError.mutationResults(message)
        case .setup(let message): throw DiagramCLIError.mutationSetup(message)
        }
      }
    }

    private func runMutate() throws {
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

    /// Builds, records the suite's traces, and runs the mutants (FeedbackMutation's driver).
    private func mutate() throws -> MutationReport {
      let mutants = try MutationRun.plan(systems: Catalog.systems, only: mutant, shard: shard)
      var behaviours: [String: @Sendable (Mutant?) -> ReachableBehaviour?] = [:]
      for exploration in Catalog.explorations { behaviours[exploration.name] = exploration.behaviour }
      let driver = MutationDriver(
        process: TestProcess(packagePath: packagePath, tests: tests, timeout: timeout), skipBuild: skipBuild,
        jobs: jobs, log: { printError($0) })
      return try driver.run(mutants: mutants, behaviours: behaviours, shard: shard, readTraces: readMutationTraces)
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
  }
}

/// `--shard`'s value, or an error naming it and the form it takes.
func parseShard(_ text: String) throws -> Shard {
  guard let shard = Shard(argument: text) else {
    throw ValidationError("expected i/n with 1 ≤ i ≤ n (e.g. 2/4)")
  }
  return shard
}

/// The traces the suite wrote.
func readMutationTraces(in folder: URL) throws -> [Trace] {
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
