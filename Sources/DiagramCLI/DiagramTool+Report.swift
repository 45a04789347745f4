import ArgumentParser
import FeedbackDiagram
import Foundation

extension DiagramTool {
  /// `diagram report`: writes the folder's report page again from the figures already in it,
  /// e.g. after `diagram coverage` or `diagram trace` added some.
  struct ReportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "report",
        abstract: "Write the folder's report page (index.html) from the figures already in it.",
        discussion: """
          Shows every system the folder's manifest (.diagram-files) records, with its figures \
          (SVG when the folder has any, else PNG), its coverage and trace figures, and links \
          to its atlas, coverage and trace pages. `render` writes the page too.
          """)
    }

    @Option(name: .long, help: "The folder of figures.")
    var output = "Diagrams"

    @Option(
      name: .long,
      help:
        "The theme the figures were drawn with (their card takes its background): light, dark, or a theme JSON file.")
    var theme = ThemeChoice.light

    func validate() throws {
      try theme.validate()
    }

    func run() throws {
      let folder = URL(fileURLWithPath: output, isDirectory: true)
      let systems = try OutputManifest.read(in: folder).systems.sorted { $0.name < $1.name }
      guard !systems.isEmpty else { throw DiagramCLIError.nothingToReport(folder: output) }
      // In a folder of a default render, the page render writes and check expects.
      if try DiagramTool.refreshIndexPage(in: output, theme: theme, onlyIfWritten: false) {
        print("Wrote index.html for \(systems.map(\.name).joined(separator: ", ")) into \(output)/")
        return
      }
      let files = DiagramOutput.fileNames(in: folder)
      let page = ReportPage(
        systems: systems.map { DiagramPlan.section(for: $0, among: files) },
        figureBackground: try theme.theme().background)
      try DiagramOutput.write([("index.html", Data(try page.render().utf8))], to: folder)
      print("Wrote index.html for \(systems.map(\.name).joined(separator: ", ")) into \(output)/")
    }
  }
}
