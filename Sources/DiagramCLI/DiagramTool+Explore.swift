import ArgumentParser
import FeedbackDiagram
import FeedbackGraph
import Foundation

extension DiagramTool {
  /// `diagram explore NAME`: runs a registered exploration, prints its report, draws the
  /// reachable graph and writes the traces of its findings and covering paths, each with a
  /// page to step through it.
  struct ExploreCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "explore",
        abstract: "Explore a registered system: every reachable state, invariants, deadlocks, covering paths.")
    }

    @Argument(help: "The system to explore (`explore --list` lists them).")
    var name: String?

    @Flag(name: .long, help: "List the systems that can be explored.")
    var list = false

    @OptionGroup var figures: FigureOptions

    func validate() throws {
      if !list, name == nil { throw ValidationError("Name a system to explore, or pass --list.") }
    }

    func run() throws {
      let known = Catalog.explorations
      if list {
        known.map(\.name).sorted().forEach { print($0) }
        return
      }
      guard let name, let exploration = known.first(where: { $0.name == name }) else {
        throw DiagramCLIError.unknownSystem(name ?? "", known: known.map(\.name).sorted())
      }
      let output = exploration.run()
      print(output.report)
      let folder = URL(fileURLWithPath: figures.output, isDirectory: true)
      var written: [String] = []
      if let graph = output.reachableGraph {
        // Listed in the folder's manifest as a system of its own, so that the report page
        // shows it and links its atlas.
        let drawn = try ReachableFigures.files(
          for: graph, stem: graph.name, formats: figures.format.formats, theme: try figures.theme.theme())
        try DiagramOutput.write(
          drawn.files, to: folder, systems: [OutputManifest.System(name: graph.name, stem: graph.name)])
        written += drawn.files.map(\.name)
        if let note = drawn.note { print(note) }
      }
      let traces =
        output.findingTraces.enumerated().map { ("\(name)-explorer-finding-\($0.offset + 1)", $0.element) }
        + output.coveringTraces.enumerated().map { ("\(name)-explorer-covering-\($0.offset + 1)", $0.element) }
      if !traces.isEmpty {
        let files = try traces.map {
          (name: SafeFileName.make($0.0, fallback: "explorer") + ".jsonl", data: try $0.1.jsonLines())
        }
        // A page to step through each trace (TraceRun+Viewer.swift).
        let pages = try TraceRun.viewerFiles(
          for: zip(files, traces).map { ($0.name, $1.1) }, registered: Catalog.systems,
          recorded: try OutputManifest.read(in: folder).stems, theme: try figures.theme.theme())
        try DiagramOutput.write(files + pages, to: folder)
        written += (files + pages).map(\.name)
      }
      let removed = try DiagramOutput.recordExploration(name, wrote: written, in: folder)
      print("Wrote \(written.joined(separator: ", ")) into \(figures.output)/")
      if !removed.isEmpty {
        print("Removed \(removed.joined(separator: ", ")): written by an earlier explore \(name), no longer found.")
      }
      if try DiagramTool.refreshIndexPage(in: figures.output) { print("Updated index.html.") }
      if output.hasFindings { throw ExitCode(1) }
    }
  }
}
