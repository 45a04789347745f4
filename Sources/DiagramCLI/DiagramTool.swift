public import ArgumentParser
import FeedbackDiagram
import FeedbackGraph
import Foundation

/// The `diagram` command line of a ``DiagramCommand``: `render` (the default), `list`,
/// `check`, `coverage`, `trace`, `explore`, `report`, `atlas`, `mutate`, `watch`.
///
/// Generic over the command that knows the systems and explorations, so that nothing is kept
/// in global state: ``DiagramCommand/main()`` runs `DiagramTool<Self>`.
public struct DiagramTool<Catalog: DiagramCommand>: ParsableCommand {
  /// Named after ``DiagramCommand/commandName``, so a package's own executable shows its own
  /// name in help and errors.
  public static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: Catalog.commandName,
      abstract: "Draw feedback-loop systems with Graphviz.",
      subcommands: [
        Render.self, List.self, Check.self, CoverageCommand.self, TraceCommand.self, ExploreCommand.self,
        ReportCommand.self, AtlasCommand.self, MutateCommand.self, WatchCommand.self,
      ],
      defaultSubcommand: Render.self
    )
  }

  /// The root command: it runs a subcommand.
  public init() {}

  /// Parses the process's arguments and runs the command; on an error, prints it as one
  /// line naming the command (``DiagramCLIError/message(commandName:)``) and exits non-zero.
  public static func main() {
    main(nil)
  }

  /// Parses `arguments` (default: the process's) and runs the command, as ``main()``.
  public static func main(_ arguments: [String]?) {
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
    } catch let error as DiagramCLIError {
      exit(withError: CommandMessage(text: error.message(commandName: Catalog.commandName)))
    } catch {
      // `--help` and its kin: ArgumentParser prints them.
      let code = exitCode(for: error)
      guard code != .success else { exit(withError: error) }
      // A bad option is the one line that names it, without the usage after it; the message
      // quotes the arguments raw (`Unknown option '--…'`), escaped here.
      FileHandle.standardError.write(Data((messageLines("Error: " + message(for: error)) + "\n").utf8))
      Foundation.exit(code.rawValue)
    }
  }
}

/// An error's text, as the command prints it after `Error: `.
struct CommandMessage: Error, CustomStringConvertible {
  var text: String
  var description: String { text }
}

/// Options shared by `render` and `check`.
struct Selection: ParsableArguments {
  @Argument(help: "The systems to draw (default: all). See the `list` subcommand.")
  var systems: [String] = []

  @Option(name: .long, help: "A SystemGraph JSON file to draw instead of the registered systems.")
  var graph: String?

  @Option(name: .long, help: "The folder to write into.")
  var output = "Diagrams"

  @Option(name: .long, help: "Comma-separated formats: svg,png,pdf,dot,mmd,json.")
  var format = FormatList(OutputFormat.allCases)

  @Option(name: .long, help: "states, loop or all.")
  var figure = FigureChoice.all

  @Option(name: .long, help: "light, dark, or the path of a theme JSON file.")
  var theme = ThemeChoice.light

  func validate() throws {
    try format.validate(allowed: OutputFormat.allCases)
    try figure.validate()
    try theme.validate()
  }

  /// Resolves names and files into a plan; every problem is a one-line error.
  func plan(known: [SystemGraph]) throws -> DiagramPlan {
    let graphs: [SystemGraph]
    if let path = graph {
      let data = try InputFile.read(path, limit: InputFile.graphLimit)
      do {
        graphs = [try SystemGraph.decode(data, source: path)]
      } catch {
        throw DiagramCLIError.malformedGraph("\(error)")
      }
    } else {
      graphs =
        try systems.isEmpty
        ? known
        : systems.map { name in
          guard let graph = known.first(where: { $0.name == name }) else {
            throw DiagramCLIError.unknownSystem(name, known: known.map(\.name))
          }
          return graph
        }
    }
    return DiagramPlan(graphs: graphs, figures: figure.figures, formats: format.formats, theme: try theme.theme())
  }
}

extension DiagramTool {
  /// Renders systems into a folder.
  struct Render: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(abstract: "Render systems into a folder (the default).")
    }
    @OptionGroup var selection: Selection

    func run() throws {
      let (plan, folder) = try selection.planReadingFolder(known: Catalog.systems)
      let files: [(name: String, data: Data)]
      do {
        files = try plan.files()
      } catch let error as DiagramError {
        throw DiagramCLIError.invalid(error)
      }
      try DiagramOutput.write(files, to: folder, systems: plan.systems)
      AtlasFiles.budgetNotes(plan).forEach { print($0) }
      print(
        "Wrote \(files.count) files for \(plan.graphs.map(\.name).joined(separator: ", ")) into \(selection.output)/")
    }
  }

  /// Lists the registered systems.
  struct List: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(abstract: "List the systems this command knows.")
    }

    func run() {
      for graph in Catalog.systems {
        print(
          "\(graph.name)  (\(graph.states.count) states, \(graph.transitions.count) transitions, \(graph.feedbacks.count) feedbacks)"
        )
      }
    }
  }

  /// Fails when committed diagrams are stale.
  struct Check: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        abstract:
          "Exit non-zero when the DOT, Mermaid or JSON files or index.html in the folder differ from what would be rendered."
      )
    }
    @OptionGroup var selection: Selection

    @Option(name: .long, help: "Also check <System>.coverage.dot against these trace files or folders (repeatable).")
    var coverage: [String] = []

    func run() throws {
      let (plan, folder) = try selection.planReadingFolder(known: Catalog.systems)
      // The sources, and the report page: it lists what the folder holds (a coverage or
      // mutation figure drawn later), so it goes stale when they change.
      var expected = try plan.sourceFiles()
      if plan.formats.contains(where: { $0.isRendered }) {
        expected.append(("index.html", Data(try plan.indexPage().utf8)))
      }
      let stale = DiagramOutput.stale(expected, in: folder)
      guard stale.isEmpty else { throw DiagramCLIError.stale(stale) }
      if !coverage.isEmpty {
        let run = try CoverageRun(paths: coverage, registered: Catalog.systems, theme: plan.theme)
        run.warnings.forEach(printError)
        let recorded = try OutputManifest.read(in: folder).stems
        let staleCoverage = DiagramOutput.stale(try run.files(formats: [.dot], recorded: recorded), in: folder)
        guard staleCoverage.isEmpty else { throw DiagramCLIError.staleCoverage(staleCoverage, paths: coverage) }
      }
      print("Diagrams in \(selection.output)/ are up to date\(coverage.isEmpty ? "" : ", coverage figures included").")
    }
  }
}

extension Selection {
  /// The plan for the output folder as it stands: the stems it recorded, its coverage
  /// figures, the systems drawn there earlier and its files (what the report page lists).
  /// Rendering and `check` read the folder alike, so `check` expects the page a render writes.
  func planReadingFolder(known: [SystemGraph]) throws -> (plan: DiagramPlan, folder: URL) {
    var plan = try plan(known: known)
    let folder = URL(fileURLWithPath: output, isDirectory: true)
    plan.recordedStems = try OutputManifest.read(in: folder).stems
    plan.coverageFigures = DiagramOutput.coverageFigures(of: plan, in: folder)
    plan.earlierSystems = try DiagramOutput.earlierSystems(besides: plan, in: folder)
    plan.folderFiles = DiagramOutput.fileNames(in: folder)
    return (plan, folder)
  }
}
