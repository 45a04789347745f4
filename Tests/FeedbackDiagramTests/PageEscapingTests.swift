import FeedbackDiagram
import FeedbackGraph
import Testing

/// Both pages escape names by Unicode scalar, not by Swift `Character`: a quote followed by
/// a combining mark is one `Character` that is not `"`, yet a browser ends the attribute at
/// the quote, so a character-level escaper would let the rest of the name in as markup.
@Suite struct PageEscapingTests {
  /// Quote (or `<`) + a combining mark, then an event handler or a tag.
  static let names = [
    "\"\u{301} onload=alert(1) x", "'\u{301} onerror=alert(2) y", "<\u{301}script>alert(3)</script>",
    "&\u{301}amp; >\u{301}",
  ]

  @Test(arguments: names)
  func theAtlasPageKeepsTheNameInsideItsText(name: String) {
    let graph = SystemGraph(name: name, initial: name, states: [StateNode(id: name)], events: [], transitions: [])
    let page = Atlas.page(Atlas(graph: graph).index(systemStem: "S", image: "svg"))
    Self.expectEscaped(name, in: page)
    #expect(page.contains("Content-Security-Policy\" content=\"default-src 'none'; img-src 'self';"))
  }

  @Test(arguments: names)
  func theReportPageKeepsTheNameInsideItsText(name: String) throws {
    let page = try ReportPage(
      systems: [
        ReportPage.System(
          name: name, anchor: "S", figures: [.init(src: "S.states.svg", alt: "\(name) figure", caption: name)])
      ]
    ).render()
    Self.expectEscaped(name, in: page)
  }

  /// The name never reaches the page raw (its quote would end an attribute), and it is
  /// there escaped.
  static func expectEscaped(_ name: String, in page: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!page.contains(name), sourceLocation: sourceLocation)
    #expect(page.contains(HTMLText.escaped(name)), sourceLocation: sourceLocation)
  }
}
