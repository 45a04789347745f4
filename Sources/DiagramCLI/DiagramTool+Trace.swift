import ArgumentParser
import FeedbackDiagram
import Foundation

extension DiagramTool {
  /// `diagram trace FILE`: one recorded run as a path on the machine and as a timeline.
  struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "trace",
      abstract: "Draw one trace file: its path on the machine and its timeline on virtual time.")

    @Argument(help: "A trace file (*.jsonl).")
    var file: String

    @Option(name: .long, help: "The folder to write into.")
    var output = "Diagrams"

    @Option(name: .long, help: "Comma-separated formats: svg,png,pdf,dot.")
    var format = FormatList([.svg, .png, .dot])

    @Option(name: .long, help: "light, dark, or the path of a theme JSON file.")
    var theme = "light"

    func validate() throws {
      try format.validate(allowed: [.svg, .png, .pdf, .dot])
    }

    func run() throws {
      let run = try TraceRun(path: file, registered: DiagramRegistry.systems, theme: try resolveTheme(theme))
      run.warnings.forEach(printError)
      let files: [(name: String, data: Data)]
      do {
        files = try run.files(formats: format.formats)
      } catch let error as DiagramError {
        throw DiagramCLIError.invalid(error)
      }
      try DiagramOutput.write(files, to: URL(fileURLWithPath: output, isDirectory: true))
      print("Wrote \(files.map(\.name).joined(separator: ", ")) into \(output)/")
    }
  }
}
