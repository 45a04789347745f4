import ArgumentParser
import FeedbackDiagram
import FeedbackGraph
import Foundation

extension DiagramTool {
  /// `diagram coverage [PATHS…]`: what the recorded tests exercised, per system.
  struct CoverageCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "coverage",
        abstract: "Measure which transitions and states recorded traces exercised, and draw it.",
        discussion: """
          Reads trace files (*.jsonl, written by LoopRecorder when FEEDBACKLOOP_TRACE_DIR is set), \
          groups them by system, and writes <System>.coverage.{dot,svg,png} into the output folder. \
          Traces recorded against other declarations than a registered system's (or, for a system \
          nobody registered, than most of its traces) are skipped and named. A transition with \
          several targets counts as covered once any target is reached; the figure draws each \
          target with its own count. A registered system without traces is listed with 0 traces \
          and fails --min-transitions and --min-states ("Counter: no traces"). Only traces written \
          by tests are counted (their header says who wrote them; a trace from before headers said \
          it counts as a test's when it names a test other than the explorer): the explorer's and \
          an app's traces are listed as left out unless --include names them.
          """)
    }

    @Option(
      name: .customLong("include"),
      help: "Also count traces written by the explorer or by an app's trace writer (repeatable).")
    var include: [IncludedOrigin] = []

    @Argument(help: "Trace files, or folders searched recursively for *.jsonl (default: the current folder).")
    var paths: [String] = []

    @OptionGroup var figures: FigureOptions

    @Flag(name: .long, help: "Print the coverage as JSON instead of the table.")
    var json = false

    @Option(
      name: [.customLong("min-transitions"), .customLong("min")],
      help: "Fail below this fraction (0…1) of transitions exercised.")
    var minTransitions: Double?

    @Option(name: .customLong("min-states"), help: "Fail below this fraction (0…1) of states entered.")
    var minStates: Double?

    func validate() throws {
      for (option, value) in [("--min-transitions", minTransitions), ("--min-states", minStates)] {
        if let value, !(0...1).contains(value) { throw DiagramCLIError.minimumOutOfRange(option: option, value: value) }
      }
    }

    func run() throws {
      let run = try CoverageRun(
        paths: paths.isEmpty ? ["."] : paths, registered: Catalog.systems,
        counting: Set([.test] + include.map(\.origin)), theme: try figures.theme.theme())
      run.warnings.forEach(printError)
      run.budgetNotes.forEach(printError)
      let recorded = try OutputManifest.read(in: URL(fileURLWithPath: figures.output, isDirectory: true)).stems
      try figures.write { try run.files(formats: $0, recorded: recorded) }
      try DiagramTool.refreshIndexPage(in: figures.output)
      print(json ? try run.json() : run.table(), terminator: "")
      try run.requireMinimum(transitions: minTransitions, states: minStates)
    }
  }
}

/// One line on standard error, control, format and separator characters (of a path or a
/// name it quotes) written as `\u{…}`.
func printError(_ line: String) {
  FileHandle.standardError.write(Data((messageLine(line) + "\n").utf8))
}
