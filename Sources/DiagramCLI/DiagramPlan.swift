package import FeedbackDiagram
package import FeedbackGraph
package import Foundation

/// What `diagram render` writes, computed in memory: file names and contents.
///
/// Files are named `<System>.<figure>.<ext>` for rendered figures and DOT
/// (`TrafficLight.states.svg`, `TrafficLight.loop.dot`), `<System>.mmd` and
/// `<System>.json` for the Mermaid text and the graph, where `<System>` is the system's
/// stem (``OutputNames``: safe and distinct whatever the names); `index.html` shows every
/// figure of every system in the folder.
package struct DiagramPlan {
  /// The systems to draw, in order.
  package var graphs: [SystemGraph]
  /// The figures to draw of each.
  package var figures: [Figure]
  /// The formats to write each figure in.
  package var formats: [OutputFormat]
  /// Colours and fonts.
  package var theme: Theme
  /// The systems whose coverage figure (`<System>.coverage.svg` or `.png`, written by
  /// `diagram coverage`) is in the output folder: the report page shows it beside the others.
  package var coverageFigures: Set<String> = []
  /// Systems drawn in the output folder by earlier runs, with the figure files of theirs
  /// that are there (`Checkout.states.svg`, …): the report page lists them too.
  package var earlierSystems: [(system: OutputManifest.System, figures: [String])] = []

  /// The names of the files in the output folder (``DiagramOutput/fileNames(in:)``): the
  /// report page shows the coverage and trace figures among them, and links the atlas,
  /// coverage and trace pages (`ReportPage/companions(of:stem:image:among:)`).
  package var folderFiles: [String] = []

  /// The stems the output folder's manifest records, by system name (see ``OutputNames``).
  package var recordedStems: [String: String] = [:]

  /// The file-name stem of each graph, in order.
  package var stems: [String] { OutputNames.stems(for: graphs.map(\.name), recorded: recordedStems) }

  /// This plan's systems as the folder's manifest records them.
  package var systems: [OutputManifest.System] {
    zip(graphs, stems).map { OutputManifest.System(name: $0.name, stem: $1) }
  }

  /// A plan to draw `figures` of `graphs` in `formats`, with `theme`.
  package init(
    graphs: [SystemGraph], figures: [Figure] = Figure.allCases, formats: [OutputFormat] = OutputFormat.allCases,
    theme: Theme = .light
  ) {
    self.graphs = graphs
    self.figures = figures
    self.formats = formats
    self.theme = theme
  }

  /// The file names and contents, in a stable order. Rendering errors are thrown.
  package func files() throws -> [(name: String, data: Data)] {
    var files: [(String, Data)] = []
    for (graph, stem) in zip(graphs, stems) {
      for format in formats {
        switch format {
        case .mmd, .json:
          files.append(
            ("\(stem).\(format.rawValue)", try Diagram.render(graph, figure: .states, as: format, theme: theme)))
        case .dot, .svg, .png, .pdf:
          for figure in figures {
            files.append(
              (
                "\(stem).\(figure.rawValue).\(format.rawValue)",
                try Diagram.render(graph, figure: figure, as: format, theme: theme)
              ))
          }
        }
      }
    }
    if formats.contains(.svg) || formats.contains(.png) {
      files.append(("index.html", Data(try indexPage().utf8)))
    }
    return files
  }

  /// The deterministic sources only (DOT, Mermaid, JSON), for `diagram check`.
  package func sourceFiles() throws -> [(name: String, data: Data)] {
    var plan = self
    plan.formats = formats.filter { !$0.isRendered }
    return try plan.files()
  }

  /// The report page: every figure of every system, with the coverage and trace figures
  /// and the linked pages (atlas, coverage, trace) found among ``folderFiles``.
  package func reportPage() -> ReportPage {
    let image = formats.contains(.svg) ? "svg" : "png"
    let systems = zip(graphs, stems).map { graph, stem in
      var files = folderFiles
      if coverageFigures.contains(graph.name) { files.append("\(stem).coverage.\(image)") }
      let companions = ReportPage.companions(of: graph.name, stem: stem, image: image, among: Array(Set(files)))
      let drawn = figures.map { figure in
        ReportPage.Figure(
          src: "\(stem).\(figure.rawValue).\(image)", alt: "\(graph.name) \(figure.rawValue) figure",
          caption: Self.caption(figure))
      }
      return ReportPage.System(
        name: graph.name, anchor: stem, figures: drawn + companions.figures, links: companions.links)
    }
    let earlier = earlierSystems.sorted { $0.system.name < $1.system.name }.map { system, files in
      Self.section(for: system, among: folderFiles + files)
    }
    return ReportPage(systems: systems, earlierSystems: earlier, figureBackground: theme.background)
  }

  /// The report page's HTML (``reportPage()`` rendered from `Templates/report/index.mustache`).
  /// - Throws: `ReportPageError` when the template is missing or malformed.
  package func indexPage() throws -> String {
    try reportPage().render()
  }

  /// The report page's section of a system drawn in a folder: its figures among `files`
  /// (states, loop, then coverage and trace figures), in the image format it was drawn in
  /// (``image(of:among:)``), and its linked pages.
  static func section(for system: OutputManifest.System, among files: [String]) -> ReportPage.System {
    let present = Set(files)
    let image = image(of: system.stem, among: present)
    let drawn = Figure.allCases.compactMap { figure -> ReportPage.Figure? in
      let file = "\(system.stem).\(figure.rawValue).\(image)"
      guard present.contains(file) else { return nil }
      return ReportPage.Figure(src: file, alt: "\(system.name) \(figure.rawValue) figure", caption: caption(figure))
    }
    let companions = ReportPage.companions(of: system.name, stem: system.stem, image: image, among: Array(present))
    return ReportPage.System(
      name: system.name, anchor: system.stem, figures: drawn + companions.figures, links: companions.links)
  }

  /// The image format a system's figures have in a folder: `svg` when one of its figures
  /// is an SVG there, else `png`. Per system, since runs with other `--format`s may share
  /// a folder.
  static func image(of stem: String, among files: Set<String>) -> String {
    ["states", "loop", "coverage", "atlas"].contains { files.contains("\(stem).\($0).svg") } ? "svg" : "png"
  }

  /// The line under a figure on the report page.
  static func caption(_ figure: Figure) -> String {
    switch figure {
    case .states: "States and transitions"
    case .loop: "The feedback loop"
    }
  }
}
