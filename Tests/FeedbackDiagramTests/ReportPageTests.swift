import FeedbackDiagram
import Foundation
import Testing

/// The report page's content (issue #9): figures, links, earlier systems, escaping, dark
/// mode, no network, and a clear error for a missing or broken template.
@Suite struct ReportPageTests {
  static let hostile = #"<script>alert("x")</script> & 'Q'"#

  static let page = ReportPage(
    systems: [
      ReportPage.System(
        name: "TrafficLight", anchor: "TrafficLight",
        figures: [
          .init(src: "TrafficLight.states.svg", alt: "TrafficLight states figure", caption: "States and transitions"),
          .init(src: "TrafficLight.loop.svg", alt: "TrafficLight loop figure", caption: "The feedback loop"),
        ],
        links: [.init(label: "atlas", href: "TrafficLight.atlas.html")]),
      ReportPage.System(
        name: hostile, anchor: "script_alert_x_script_Q",
        figures: [.init(src: "script_alert_x_script_Q.states.svg", alt: "\(hostile) states figure", caption: hostile)]),
    ],
    earlierSystems: [
      ReportPage.System(
        name: "Counter", anchor: "Counter",
        figures: [.init(src: "Counter.states.svg", alt: "Counter states figure", caption: "States and transitions")])
    ])

  @Test func showsEveryFigureLinkAndEarlierSystem() throws {
    let html = try Self.page.render()
    #expect(html.contains(#"<img src="TrafficLight.states.svg" alt="TrafficLight states figure" draggable="false">"#))
    #expect(html.contains(#"<img src="TrafficLight.loop.svg" alt="TrafficLight loop figure" draggable="false">"#))
    #expect(html.contains(#"<a href="TrafficLight.atlas.html">atlas</a>"#))
    #expect(html.contains(#"<section id="Counter">"#))
    #expect(html.contains(#"<img src="Counter.states.svg" alt="Counter states figure" draggable="false">"#))
    #expect(html.components(separatedBy: "Drawn into this folder by an earlier run.").count == 2)  // Counter only
    #expect(html.contains(#"<body data-figures="4" "#))
    #expect(html.components(separatedBy: "<figure>").count - 1 == 4)
    #expect(
      html.contains(
        ##"<nav aria-label="Systems"><a href="#TrafficLight">TrafficLight</a><a href="#script_alert_x_script_Q">"##))
  }

  @Test func hostileNamesAreShownAsTextNeverAsMarkup() throws {
    let html = try Self.page.render()
    let escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Q&#39;"
    #expect(html.contains("<h2>\(escaped)</h2>"))
    #expect(html.contains(#"alt="\#(escaped) states figure""#))
    #expect(html.contains("<figcaption>\(escaped)</figcaption>"))
    #expect(!html.contains("<script>alert"))
    #expect(!html.contains(#"alert("x")"#))
    // Nothing in the template is inserted unescaped.
    let template = try String(contentsOf: #require(Self.templateURL), encoding: .utf8)
    #expect(!template.contains("{{{") && !template.contains("{{&"))
  }

  @Test func darkModeAndNoNetwork() throws {
    let html = try Self.page.render()
    #expect(html.contains("@media (prefers-color-scheme: dark)"))
    #expect(html.contains(#"<meta name="color-scheme" content="light dark">"#))
    #expect(
      html.contains(
        #"content="default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'""#
      ))
    #expect(!html.contains("http:") && !html.contains("https:") && !html.contains("//fonts"))
  }

  @Test func figuresSitOnACardOfTheirThemesBackgroundWhenThatIsSafeCSS() throws {
    var page = Self.page
    #expect(try page.render().contains("background: #ffffff; background: #ffffff;"))
    page.figureBackground = "#0d1117"
    #expect(try page.render().contains("background: #ffffff; background: #0d1117;"))
    page.figureBackground = "white"
    #expect(try page.render().contains("background: #ffffff; background: white;"))
    for hostile in ["red; } body { display: none", "#12345g", "url(x)", "", "#1234567890"] {
      page.figureBackground = hostile
      #expect(try page.render().contains("background: #ffffff; background: #ffffff;"), "\(hostile)")
    }
  }

  @Test func aMissingTemplateIsOneLineNamingIt() throws {
    let missing = URL(fileURLWithPath: "/nonexistent/report/index.mustache")
    #expect(throws: ReportPageError.templateMissing(path: missing.path)) { try Self.page.render(template: missing) }
    #expect(
      "\(ReportPageError.templateMissing(path: missing.path))"
        == "report page template /nonexistent/report/index.mustache is missing; reinstall the package or restore Templates/report/index.mustache"
    )
  }

  @Test func aMalformedTemplateIsOneLineNamingItAndWhere() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-template-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("index.mustache")
    try Data("<h1>{{title}}</h1>\n{{#sections}}<p>{{name}}</p>\n".utf8).write(to: url)
    #expect {
      try Self.page.render(template: url)
    } throws: { error in
      "\(error)" == "report page template \(url.path) is malformed: line 3, column 1: expectedSectionEnd"
    }
  }

  @Test func companionsAreTheCoverageAndTraceFiguresAndTheLinkedPages() {
    let files = [
      "TrafficLight.states.svg", "TrafficLight.coverage.svg", "TrafficLight.coverage.png", "TrafficLight.coverage.dot",
      "TrafficLight.fails.trace-path.svg", "TrafficLight.fails.trace-timeline.svg", "TrafficLight.atlas.html",
      "TrafficLight.atlas.pdf", "TrafficLight.fails.trace.html", "TrafficLightX.atlas.html", "Counter.coverage.svg",
    ]
    let found = ReportPage.companions(of: "Traffic <light>", stem: "TrafficLight", image: "svg", among: files)
    #expect(
      found.figures == [
        .init(
          src: "TrafficLight.coverage.svg", alt: "Traffic <light> coverage figure",
          caption: "What the tests exercised (diagram coverage)"),
        .init(
          src: "TrafficLight.fails.trace-path.svg", alt: "Traffic <light> trace fails trace-path",
          caption: "Trace fails: its path on the machine"),
        .init(
          src: "TrafficLight.fails.trace-timeline.svg", alt: "Traffic <light> trace fails trace-timeline",
          caption: "Trace fails: its timeline"),
      ])
    #expect(
      found.links == [
        .init(label: "atlas", href: "TrafficLight.atlas.html"),
        .init(label: "trace fails", href: "TrafficLight.fails.trace.html"),
      ])
    // A trace page is labelled with its test, whatever the test's name starts with (the
    // explorer's pages too).
    let traces = [
      "TrafficLight.coverageDrops.trace.html", "TrafficLight.atlasIsDrawn.trace.html",
      "TrafficLight.explorer_covering_path_1.trace.html",
    ]
    #expect(
      ReportPage.companions(of: "TrafficLight", stem: "TrafficLight", image: "svg", among: traces).links == [
        .init(label: "trace atlasIsDrawn", href: "TrafficLight.atlasIsDrawn.trace.html"),
        .init(label: "trace coverageDrops", href: "TrafficLight.coverageDrops.trace.html"),
        .init(label: "trace explorer_covering_path_1", href: "TrafficLight.explorer_covering_path_1.trace.html"),
      ])
    // Without an atlas page, the atlas overview image is linked; focus figures are not.
    let images = ["Counter.atlas.svg", "Counter.atlas.dot", "Counter.atlas.json", "Counter.focus.State.svg"]
    #expect(
      ReportPage.companions(of: "Counter", stem: "Counter", image: "svg", among: images).links == [
        .init(label: "atlas (svg)", href: "Counter.atlas.svg")
      ])
    #expect(ReportPage.companions(of: "Counter", stem: "Counter", image: "svg", among: images).figures == [])
  }

  @Test func htmlTextEscapesTheFiveCharactersAndNothingElse() {
    #expect(HTMLText.escaped(#"a<b>&"c"'d' é \ \n"#) == #"a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39; é \ \n"#)
    #expect(HTMLText.escaped("\"\u{301}") == "&quot;\u{301}")  // a quote followed by a combining mark
  }

  static var templateURL: URL? {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Templates/report/index.mustache")
  }
}
