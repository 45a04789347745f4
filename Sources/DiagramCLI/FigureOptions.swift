import ArgumentParser
import FeedbackDiagram
import Foundation

/// Where and how `coverage` and `trace` write their figures: one definition of the options
/// they share.
struct FigureOptions: ParsableArguments {
  @Option(name: .long, help: "The folder to write into.")
  var output = "Diagrams"

  @Option(name: .long, help: "Comma-separated formats: svg,png,pdf,dot.")
  var format = FormatList([.svg, .png, .dot])

  @Option(name: .long, help: "light, dark, or the path of a theme JSON file.")
  var theme = ThemeChoice.light

  func validate() throws {
    try format.validate(allowed: [.svg, .png, .pdf, .dot])
    try theme.validate()
  }

  /// Renders `files` (rendering errors become one-line CLI errors) and writes them into
  /// ``output``; returns their names.
  @discardableResult
  func write(_ files: (_ formats: [OutputFormat]) throws -> [(name: String, data: Data)]) throws -> [String] {
    let rendered: [(name: String, data: Data)]
    do {
      rendered = try files(format.formats)
    } catch let error as DiagramError {
      throw DiagramCLIError.invalid(error)
    }
    try DiagramOutput.write(rendered, to: URL(fileURLWithPath: output, isDirectory: true))
    return rendered.map(\.name)
  }
}
