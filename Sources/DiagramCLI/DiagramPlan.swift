public import FeedbackDiagram
public import FeedbackGraph
import FeedbackTemplates
public import Foundation

/// What `diagram render` writes, computed in memory: file names and contents.
///
/// Files are named `<System>.<figure>.<ext>` for rendered figures and DOT
/// (`TrafficLight.states.svg`, `TrafficLight.loop.dot`), `<System>.mmd` and
/// `<System>.json` for the Mermaid text and the graph, where `<System>` is the system's
/// stem (``OutputNames``: safe and distinct whatever the names); `index.html` shows every
/// figure of every system in the folder.
public struct DiagramPlan {
  public var graphs: [SystemGraph]
  public var figures: [Figure]
  public var formats: [OutputFormat]
  public var theme: Theme
  /// The systems whose coverage figure (`<System>.coverage.svg` or `.png`, written by
  /// `diagram coverage`) is in the output folder: the report page shows it beside the others.
  public var coverageFigures: Set<String> = []
  /// Systems drawn in the output folder by earlier runs, with the figure files of theirs
  /// that are there (`Checkout.states.svg`, …): the report page lists them too.
  public var earlierSystems: [(system: OutputManifest.System, figures: [String])] = []

  /// The stems the output folder's manifest records, by system name (see ``OutputNames``).
  public var recordedStems: [String: String] = [:]

  /// The file-name stem of each graph, in order.
  public var stems: [String] { OutputNames.stems(for: graphs.map(\.name), recorded: recordedStems) }

  /// This plan's systems as the folder's manifest records them.
  public var systems: [OutputManifest.System] {
    zip(graphs, stems).map { OutputManifest.System(name: $0.name, stem: $1) }
  }

  public init(graphs: [SystemGraph], figures: [Figure] = Figure.allCases, formats: [OutputFormat] = OutputFormat.allCases, theme: Theme = .light) {
    self.graphs = graphs
    self.figures = figures
    self.formats = formats
    self.theme = theme
  }

  /// The file names and contents, in a stable order. Rendering errors are thrown.
  public func files() throws -> [(name: String, data: Data)] {
    var files: [(String, Data)] = []
    for (graph, stem) in zip(graphs, stems) {
      for format in formats {
        switch format {
        case .mmd, .json:
          files.append(("\(stem).\(format.rawValue)", try Diagram.render(graph, figure: .states, as: format, theme: theme)))
        case .dot, .svg, .png, .pdf:
          for figure in figures {
            files.append(("\(stem).\(figure.rawValue).\(format.rawValue)", try Diagram.render(graph, figure: figure, as: format, theme: theme)))
          }
        }
      }
    }
    if formats.contains(.svg) || formats.contains(.png) {
      files.append(("index.html", Data(indexPage().utf8)))
    }
    return files
  }

  /// The deterministic sources only (DOT, Mermaid, JSON), for `diagram check`.
  public func sourceFiles() throws -> [(name: String, data: Data)] {
    var plan = self
    plan.formats = formats.filter { !$0.isRendered }
    return try plan.files()
  }

  /// The report page: every figure of every system.
  public func indexPage() -> String {
    let image = formats.contains(.svg) ? "svg" : "png"
    let template = FeedbackTemplates.url("report/index.html").flatMap { try? String(contentsOf: $0, encoding: .utf8) }
      ?? "<html><body><h1>{{title}}</h1>{{navigation}}{{sections}}</body></html>"
    let earlier = earlierSystems.sorted { $0.system.name < $1.system.name }
    let navigation = (graphs.map(\.name) + earlier.map(\.system.name))
      .map { "<a href=\"#\(html($0))\">\(html($0))</a>" }.joined()
    var sections = zip(graphs, stems).map { graph, stem in
      var figuresHTML = figures.map { figure in
        "<figure><img src=\"\(html(stem)).\(figure.rawValue).\(image)\" alt=\"\(html(graph.name)) \(figure.rawValue) figure\"><figcaption>\(figure == .states ? "States and transitions" : "The feedback loop")</figcaption></figure>"
      }.joined(separator: "\n")
      if coverageFigures.contains(graph.name) {
        figuresHTML += "\n<figure><img src=\"\(html(stem)).coverage.\(image)\" alt=\"\(html(graph.name)) coverage figure\"><figcaption>What the tests exercised (diagram coverage)</figcaption></figure>"
      }
      return "<section id=\"\(html(graph.name))\"><h2>\(html(graph.name))</h2>\n\(figuresHTML)\n</section>"
    }
    sections += earlier.map { system, files in
      let figuresHTML = files.map { file in
        "<figure><img src=\"\(html(file))\" alt=\"\(html(system.name)) figure \(html(file))\"><figcaption>\(html(file)) (drawn by an earlier run)</figcaption></figure>"
      }.joined(separator: "\n")
      return "<section id=\"\(html(system.name))\"><h2>\(html(system.name))</h2>\n\(figuresHTML)\n</section>"
    }
    let sectionsHTML = sections.joined(separator: "\n")
    return template.replacingOccurrences(of: "{{title}}", with: "Feedback loop diagrams")
      .replacingOccurrences(of: "{{navigation}}", with: navigation)
      .replacingOccurrences(of: "{{sections}}", with: sectionsHTML)
  }

  private func html(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
