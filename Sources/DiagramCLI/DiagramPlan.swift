import FeedbackDiagram
import FeedbackGraph
import FeedbackTemplates
import Foundation

/// What `diagram render` writes, computed in memory: file names and contents.
///
/// Files are named `<System>.<figure>.<ext>` for rendered figures and DOT
/// (`TrafficLight.states.svg`, `TrafficLight.loop.dot`), `<System>.mmd` and
/// `<System>.json` for the Mermaid text and the graph; `index.html` shows every figure.
public struct DiagramPlan {
  public var graphs: [SystemGraph]
  public var figures: [Figure]
  public var formats: [OutputFormat]
  public var theme: Theme
  /// The systems whose coverage figure (`<System>.coverage.svg` or `.png`, written by
  /// `diagram coverage`) is in the output folder: the report page shows it beside the others.
  public var coverageFigures: Set<String> = []

  public init(graphs: [SystemGraph], figures: [Figure] = Figure.allCases, formats: [OutputFormat] = OutputFormat.allCases, theme: Theme = .light) {
    self.graphs = graphs
    self.figures = figures
    self.formats = formats
    self.theme = theme
  }

  /// The file names and contents, in a stable order. Rendering errors are thrown.
  public func files() throws -> [(name: String, data: Data)] {
    var files: [(String, Data)] = []
    for graph in graphs {
      for format in formats {
        switch format {
        case .mmd, .json:
          files.append(("\(graph.name).\(format.rawValue)", try Diagram.render(graph, figure: .states, as: format, theme: theme)))
        case .dot, .svg, .png, .pdf:
          for figure in figures {
            files.append(("\(graph.name).\(figure.rawValue).\(format.rawValue)", try Diagram.render(graph, figure: figure, as: format, theme: theme)))
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
    let navigation = graphs.map { "<a href=\"#\(html($0.name))\">\(html($0.name))</a>" }.joined()
    let sections = graphs.map { graph in
      var figuresHTML = figures.map { figure in
        "<figure><img src=\"\(html(graph.name)).\(figure.rawValue).\(image)\" alt=\"\(html(graph.name)) \(figure.rawValue) figure\"><figcaption>\(figure == .states ? "States and transitions" : "The feedback loop")</figcaption></figure>"
      }.joined(separator: "\n")
      if coverageFigures.contains(graph.name) {
        figuresHTML += "\n<figure><img src=\"\(html(SafeFileName.make(graph.name))).coverage.\(image)\" alt=\"\(html(graph.name)) coverage figure\"><figcaption>What the tests exercised (diagram coverage)</figcaption></figure>"
      }
      return "<section id=\"\(html(graph.name))\"><h2>\(html(graph.name))</h2>\n\(figuresHTML)\n</section>"
    }.joined(separator: "\n")
    return template.replacingOccurrences(of: "{{title}}", with: "Feedback loop diagrams")
      .replacingOccurrences(of: "{{navigation}}", with: navigation)
      .replacingOccurrences(of: "{{sections}}", with: sections)
  }

  private func html(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
