import FeedbackDiagram
import FeedbackGraph
import Testing
import FeedbackLoopSupport

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

  /// The markup of `page`: how many of each character that opens or closes a tag or an
  /// attribute value it has. An escaped name adds none, whatever it holds.
  static func markup(_ page: String) -> [Unicode.Scalar: Int] {
    var counts: [Unicode.Scalar: Int] = [:]
    for scalar in page.unicodeScalars where "<>\"'".unicodeScalars.contains(scalar) { counts[scalar, default: 0] += 1 }
    return counts
  }

  static func atlasPage(_ name: String) -> String {
    let graph = SystemGraph(
      name: name, initial: name, states: [StateNode(id: name), StateNode(id: "other")], events: [], transitions: [])
    return Atlas.page(Atlas(graph: graph).index(systemStem: "S", image: "svg"))
  }

  static func reportPage(_ name: String) throws -> String {
    try ReportPage(
      systems: [
        ReportPage.System(
          name: name, anchor: "S", figures: [.init(src: "S.states.svg", alt: "\(name) figure", caption: name)],
          links: [.init(label: name, href: "S.atlas.html")])
      ],
      earlierSystems: [ReportPage.System(name: name, anchor: "T", figures: [])]
    ).render()
  }

  /// The whole class, not a list: names seeded from all of Unicode (NameRoundTripTests'
  /// generator: markup, quotes, entities, combining marks, bidi and control characters, up
  /// to 100 KB) leave both pages with exactly the markup a plain name gives them, and are
  /// there escaped.
  @Test func seededNamesNeverChangeEitherPagesMarkup() throws {
    let plainAtlas = Self.markup(Self.atlasPage("X")), plainReport = Self.markup(try Self.reportPage("X"))
    var random = SplitMix64(seed: 909)
    var withMarkup = 0
    for _ in 0..<120 {
      let name = NameRoundTripTests.name(&random)
      if name.unicodeScalars.contains(where: { "<>\"'&".unicodeScalars.contains($0) }) { withMarkup += 1 }
      let described = String(name.prefix(40).debugDescription)
      let atlas = Self.atlasPage(name), report = try Self.reportPage(name)
      #expect(Self.markup(atlas) == plainAtlas, "atlas page of \(described)")
      #expect(Self.markup(report) == plainReport, "report page of \(described)")
      #expect(atlas.contains(HTMLText.escaped(name)), "atlas page of \(described)")
      #expect(report.contains(HTMLText.escaped(name)), "report page of \(described)")
    }
    #expect(withMarkup > 40)  // the seed really throws markup at the pages
  }
}
