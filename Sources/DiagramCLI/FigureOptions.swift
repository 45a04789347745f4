import ArgumentParser

/// Where and how `coverage` and `trace` write their figures: one definition of the options
/// they share.
struct FigureOptions: ParsableArguments {
  @Option(name: .long, help: "The folder to write into.")
  var output = "Diagrams"

  @Option(name: .long, help: "Comma-separated formats: svg,png,pdf,dot.")
  var format = FormatList([.svg, .png, .dot])

  @Option(name: .long, help: "light, dark, or the path of a theme JSON file.")
  var theme = "light"

  func validate() throws {
    try format.validate(allowed: [.svg, .png, .pdf, .dot])
  }
}
