import ArgumentParser
import FeedbackDiagram
import FeedbackGraph
import Foundation

/// The `diagram` command line: `render` (the default), `list`, `check`.
public struct DiagramTool: ParsableCommand {
  /// Named after the running command (``DiagramRegistry/commandName``), so a package's own
  /// executable shows its own name in help and errors.
  public static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: DiagramRegistry.commandName,
      abstract: "Draw feedback-loop systems with Graphviz.",
      subcommands: [Render.self, List.self, Check.self, CoverageCommand.self, TraceCommand.self, ExploreCommand.self, AtlasCommand.self],
      defaultSubcommand: Render.self
    )
  }

  public init() {}
}

/// Options shared by `render` and `check`.
struct Selection: ParsableArguments {
  @Argument(help: "The systems to draw (default: all). See `diagram list`.")
  var systems: [String] = []

  @Option(name: .long, help: "A SystemGraph JSON file to draw instead of the registered systems.")
  var graph: String?

  @Option(name: .long, help: "The folder to write into.")
  var output = "Diagrams"

  @Option(name: .long, help: "Comma-separated formats: svg,png,pdf,dot,mmd,json.")
  var format = "svg,png,pdf,dot,mmd,json"

  @Option(name: .long, help: "states, loop or all.")
  var figure = "all"

  @Option(name: .long, help: "light, dark, or the path of a theme JSON file.")
  var theme = "light"

  /// Resolves names and files into a plan; every problem is a one-line error.
  func plan() throws -> DiagramPlan {
    let graphs: [SystemGraph]
    if let path = graph {
      let data = try InputFile.read(path, limit: InputFile.graphLimit)
      do {
        graphs = [try SystemGraph.decode(data, source: path)]
      } catch {
        throw DiagramCLIError.malformedGraph("\(error)")
      }
    } else {
      let known = DiagramRegistry.systems
      graphs = try systems.isEmpty ? known : systems.map { name in
        guard let graph = known.first(where: { $0.name == name }) else {
          throw DiagramCLIError.unknownSystem(name, known: known.map(\.name))
        }
        return graph
      }
    }
    let formats = try format.split(separator: ",").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { name -> OutputFormat in
      let name = name.trimmingCharacters(in: .whitespaces)
      guard let format = OutputFormat(rawValue: name) else {
        throw DiagramCLIError.invalid(.unknown(kind: "format", name: name, known: OutputFormat.allCases.map(\.rawValue)))
      }
      return format
    }
    guard !formats.isEmpty else { throw DiagramCLIError.noFormat(known: OutputFormat.allCases.map(\.rawValue)) }
    let figures: [Figure]
    if figure == "all" {
      figures = Figure.allCases
    } else if let one = Figure(rawValue: figure) {
      figures = [one]
    } else {
      throw DiagramCLIError.invalid(.unknown(kind: "figure", name: figure, known: Figure.allCases.map(\.rawValue) + ["all"]))
    }
    let theme: Theme
    do {
      theme = try Theme.named(self.theme)
    } catch let error as DiagramError {
      throw DiagramCLIError.invalid(error)
    }
    return DiagramPlan(graphs: graphs, figures: figures, formats: formats, theme: theme)
  }
}

extension DiagramTool {
  /// Renders systems into a folder.
  struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render systems into a folder (the default).")
    @OptionGroup var selection: Selection

    func run() throws {
      var plan = try selection.plan()
      let folder = URL(fileURLWithPath: selection.output, isDirectory: true)
      plan.recordedStems = Dictionary(
        try OutputManifest.read(in: folder).systems.map { ($0.name, $0.stem) }, uniquingKeysWith: { first, _ in first })
      plan.coverageFigures = DiagramOutput.coverageFigures(of: plan, in: folder)
      plan.earlierSystems = try DiagramOutput.earlierSystems(besides: plan, in: folder)
      let files: [(name: String, data: Data)]
      do {
        files = try plan.files()
      } catch let error as DiagramError {
        throw DiagramCLIError.invalid(error)
      }
      try DiagramOutput.write(files, to: folder, systems: plan.systems)
      AtlasFiles.budgetNotes(plan).forEach { print($0) }
      print("Wrote \(files.count) files for \(plan.graphs.map(\.name).joined(separator: ", ")) into \(selection.output)/")
    }
  }

  /// Lists the registered systems.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the systems this command knows.")

    func run() {
      for graph in DiagramRegistry.systems {
        print("\(graph.name)  (\(graph.states.count) states, \(graph.transitions.count) transitions, \(graph.feedbacks.count) feedbacks)")
      }
    }
  }

  /// Fails when committed diagrams are stale.
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Exit non-zero when the DOT, Mermaid or JSON files in the folder differ from what would be rendered.")
    @OptionGroup var selection: Selection

    @Option(name: .long, help: "Also check <System>.coverage.dot against these trace files or folders (repeatable).")
    var coverage: [String] = []

    func run() throws {
      let plan = try selection.plan()
      let folder = URL(fileURLWithPath: selection.output, isDirectory: true)
      let stale = DiagramOutput.stale(try plan.sourceFiles(), in: folder)
      guard stale.isEmpty else { throw DiagramCLIError.stale(stale) }
      if !coverage.isEmpty {
        let run = try CoverageRun(paths: coverage, registered: DiagramRegistry.systems, theme: plan.theme)
        run.warnings.forEach(printError)
        let staleCoverage = DiagramOutput.stale(try run.files(formats: [.dot]), in: folder)
        guard staleCoverage.isEmpty else { throw DiagramCLIError.staleCoverage(staleCoverage, paths: coverage) }
      }
      print("Diagrams in \(selection.output)/ are up to date\(coverage.isEmpty ? "" : ", coverage figures included").")
    }
  }
}
