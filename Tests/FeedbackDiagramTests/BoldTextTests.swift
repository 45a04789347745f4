import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import Testing

/// Bold text without `<b>` (see `BoldText`): Graphviz 2.42 keeps about 280 bytes per `<b>`
/// it lays out, so the figures name the theme font's bold face instead, and a state shown
/// by its name alone gets a plain label. The SVG must still show the names in bold.
@Suite struct BoldTextTests {
  @Test(arguments: Figure.allCases)
  func noFigureOfTheExamplesWritesBoldTags(figure: Figure) {
    for graph in ExampleCatalog.graphs {
      let dot = Diagram.dot(graph, figure: figure)
      #expect(!dot.contains("<b>"), "\(graph.name) \(figure)")
    }
  }

  @Test func aStateShownByItsNameAloneIsAPlainLabelInTheBoldFace() throws {
    let dot = Diagram.dot(Movies.system().graph, figure: .states)
    // (`initial` has no fields: its case carries no payload.)
    let node = try #require(dot.split(separator: "\n").first { $0.contains("tooltip=\"initial\"") })
    #expect(node.contains("label=\"initial\", fontname=\"Helvetica-Bold\""))
  }

  @Test func theSVGStillShowsEveryStateNameInBold() throws {
    let svg = String(decoding: try Diagram.render(Movies.system().graph, figure: .states, as: .svg), as: UTF8.self)
    for name in ["failed", "initial", "loadedPage", "paging", "retrying"] {
      let text = try #require(
        svg.split(separator: "\n").first { $0.hasPrefix("<text") && $0.hasSuffix(">\(name)</text>") })
      #expect(text.contains("font-family=\"Helvetica,sans-Serif\" font-weight=\"bold\""), "\(text)")
    }
  }

  @Test func aFontWithoutAKnownBoldFaceKeepsTheBoldTag() throws {
    var theme = Theme.light
    theme.fontName = "DejaVu Sans"
    let dot = Diagram.dot(Movies.system().graph, figure: .states, theme: theme)
    let node = try #require(dot.split(separator: "\n").first { $0.contains("tooltip=\"initial\"") })
    #expect(node.contains("label=<<b>initial</b>>"))
    #expect(!dot.contains("Helvetica-Bold"))
  }
}
