import ArgumentParser
package import FeedbackDiagram
package import FeedbackGraph
package import Foundation

extension DiagramTool {
  /// `diagram atlas [NAME…]`: large machines as an overview and a focus figure per state.
  struct AtlasCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "atlas",
        abstract: "Draw machines as an atlas: an overview grouped by enum case, and one figure per state.",
        discussion: """
          Writes, per system, <System>.atlas.<ext> (states grouped by enum case or type, edges \
          between groups merged with counts), <System>.atlas.focus.<State>.<ext> for every state (its \
          transitions in and out, labelled; neighbours link to their own figures), \
          <System>.atlas.html listing them, and <System>.atlas.json (the state-to-file index, \
          for tools: AtlasFiles.index reads it; the report page finds the atlas by its page). Run \
          `report` (or render again) to link the atlas from index.html. Every figure obeys the render budget; what a figure gave up is printed \
          as a note and written in its legend.
          """)
    }

    @Argument(help: "The systems to draw (default: all). See `diagram list`.")
    var systems: [String] = []

    @Option(name: .long, help: "A SystemGraph JSON file to draw instead of the registered systems.")
    var graph: String?

    @Option(name: .long, help: "The folder to write into.")
    var output = "Diagrams"

    @Option(name: .long, help: "Comma-separated formats: svg,png,pdf,dot.")
    var format = FormatList([.svg])

    @Option(name: .long, help: "light, dark, or the path of a theme JSON file.")
    var theme = ThemeChoice.light

    func validate() throws {
      try format.validate(allowed: [.svg, .png, .pdf, .dot])
      try theme.validate()
    }

    func run() throws {
      // The same resolution of names, graph files and themes as `render` (every property
      // set: an unparsed option group must not be read).
      var selection = Selection()
      selection.systems = systems
      selection.graph = graph
      selection.output = output
      selection.format = FormatList([.dot])
      selection.figure = FigureChoice(figures: [.states])
      selection.theme = theme
      let plan = try selection.plan(known: Catalog.systems)
      let folder = URL(fileURLWithPath: output, isDirectory: true)
      let recorded = try OutputManifest.read(in: folder).stems
      let stems = OutputNames.stems(for: plan.graphs.map(\.name), recorded: recorded)
      var files: [(name: String, data: Data)] = []
      for (graph, stem) in zip(plan.graphs, stems) {
        let written = try AtlasFiles.make(graph: graph, stem: stem, formats: format.formats, theme: plan.theme)
        files += written.files
        for note in written.index.notes { print("note: \(graph.name) atlas: \(note)") }
      }
      try DiagramOutput.write(
        files, to: folder, systems: zip(plan.graphs, stems).map { OutputManifest.System(name: $0.name, stem: $1) })
      print("Wrote \(files.count) atlas files for \(plan.graphs.map(\.name).joined(separator: ", ")) into \(output)/")
    }
  }
}

/// The files of a system's atlas, and the index a report page links it by.
package enum AtlasFiles {
  /// The atlas of `graph` as files named after `stem`, with `<stem>.atlas.json` holding
  /// its `AtlasIndex`.
  /// - Throws: ``DiagramCLIError/invalid(_:)`` with the diagram error.
  package static func make(
    graph: SystemGraph, stem: String, formats: [OutputFormat], theme: Theme
  ) throws -> (files: [(name: String, data: Data)], index: AtlasIndex) {
    let atlas = Atlas(graph: graph, theme: theme)
    let index = atlas.index(systemStem: stem, image: (Atlas.imageFormat(in: formats) ?? .svg).rawValue)
    do {
      var files = try atlas.files(systemStem: stem, formats: formats)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      files.append((indexName(stem: stem), try encoder.encode(index)))
      return (files, index)
    } catch let error as DiagramError {
      throw DiagramCLIError.invalid(error)
    }
  }

  /// `<stem>.atlas.json`.
  package static func indexName(stem: String) -> String { "\(stem).atlas.json" }

  /// The atlas index `diagram atlas` wrote for the system named `stem` in `folder`, or
  /// `nil` when there is none (or it is not one): what a report page links.
  package static func index(stem: String, in folder: URL) -> AtlasIndex? {
    let url = folder.appendingPathComponent(indexName(stem: stem))
    guard isRegularFile(atPath: url.path), let data = try? Data(contentsOf: url) else { return nil }
    return try? JSONDecoder().decode(AtlasIndex.self, from: data)
  }

  /// The budget notes of `plan`'s state-machine figures (`Large: fast layout: …`), one line
  /// each, for the CLI to print after `render`.
  package static func budgetNotes(_ plan: DiagramPlan) -> [String] {
    guard plan.figures.contains(.states) else { return [] }
    return plan.graphs.compactMap { graph in
      StateMachineFigure(graph: graph, theme: plan.theme).budgetNote.map { "note: \(graph.name) states figure: \($0)" }
    }
  }
}
