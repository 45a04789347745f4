import DiagramCLI
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import Testing

/// The report page in a real browser (issue #9): headless Chromium loads the page that
/// `diagram render` wrote, with coverage and trace figures, an earlier system and a hostile
/// system name; every figure loads, no script fails, nothing leaves the machine; light and
/// dark screenshots land in `.build/report-screenshots/`. Chromium missing fails the test.
@Suite(.serialized) struct ReportPageBrowserTests {
  static let hostileName = #"<script>alert("x")</script> & 'Q' <img src=x onerror=alert(1)>"#

  /// Writes the page as a user's commands would, returns the folder and the number of figures.
  static func writePage(into folder: URL) throws -> Int {
    let output = folder.path
    try Fixtures.run(["coverage", Fixtures.path("complete"), "--output", output, "--format", "svg"])
    try Fixtures.run(["trace", Fixtures.path("failing"), "--output", output, "--format", "svg"])
    try Fixtures.run(["render", "Counter", "--output", output, "--format", "svg"])
    var hostile = TrafficLight.system.graph
    hostile.name = hostileName
    let graphFile = folder.deletingLastPathComponent().appendingPathComponent(
      "\(folder.lastPathComponent)-hostile.json")
    try hostile.jsonData().write(to: graphFile)
    defer { try? FileManager.default.removeItem(at: graphFile) }
    try Fixtures.run(["render", "--graph", graphFile.path, "--output", output, "--format", "svg"])
    try Fixtures.run(["render", "TrafficLight", "--output", output, "--format", "svg"])
    // TrafficLight: states, loop, coverage, trace path, trace timeline; Counter and the
    // hostile system (drawn by earlier runs): states and loop each.
    return 5 + 2 + 2
  }

  @Test func thePageLoadsEveryFigureRunsNoFailingScriptAndLoadsNothingFromOutside() throws {
    let chromium = try HeadlessChromium.find()
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("Diagrams")
    let figures = try Self.writePage(into: folder)
    let page = folder.appendingPathComponent("index.html")
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(!html.contains("http:") && !html.contains("https:"), "the page names an outside URL")
    #expect(!html.contains("<script>alert") && !html.contains("<img src=x"))

    let run = try chromium.run(page, ["--dump-dom"])
    let body = try #require(Self.bodyAttributes(run.stdout), "no <body> in Chromium's DOM:\n\(run.stdout.prefix(500))")
    #expect(body["data-ready"] == "true", "the page's load handler did not run")
    #expect(body["data-figures"] == "\(figures)")
    #expect(body["data-figures-loaded"] == "\(figures)")
    #expect(body["data-errors"] == "0")
    #expect(body["data-blocked"] == "0", "the page tried to load something its policy forbids")
    #expect(HeadlessChromium.consoleLines(run.stderr) == [])
    // The hostile name is text in the DOM, never an element.
    #expect(
      run.stdout.contains(
        "<h2>&lt;script&gt;alert(\"x\")&lt;/script&gt; &amp; 'Q' &lt;img src=x onerror=alert(1)&gt;</h2>"))
  }

  /// Clicks the first figure's buttons and presses keys on it, in the browser, and reads
  /// back the zoom shown, the image's transform and the figure's width.
  @Test func theFiguresZoomPanAndOpenFullWidth() throws {
    let chromium = try HeadlessChromium.find()
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("Diagrams")
    _ = try Self.writePage(into: folder)
    let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
    let probe = folder.appendingPathComponent("probe.html")
    try Data(html.replacingOccurrences(of: "</body>", with: Self.probeScript + "</body>").utf8).write(to: probe)

    let run = try chromium.run(probe, ["--dump-dom", "--window-size=1280,1800"])
    let body = try #require(Self.bodyAttributes(run.stdout))
    #expect(body["data-errors"] == "0")
    #expect(HeadlessChromium.consoleLines(run.stderr) == [])
    let steps = try #require(body["data-probe"], "the probe did not run").split(separator: "|").map(String.init)
    // TrafficLight's states figure fits at 100 % (narrower than the window); 100% keeps it;
    // + zooms to 125 %, the key + again, − back; ArrowDown pans; Full width widens it.
    #expect(steps == ["100%", "100%", "125%", "156%", "125%", "moved", "wide true"])
  }

  /// Drives the first figure: its zoom label after fit, after 100%, after +, after the + key,
  /// after −, whether ArrowDown panned the image, and whether Full width widened the figure.
  static let probeScript = """
    <script>
    window.addEventListener("load", function () {
      var figure = document.querySelector("#TrafficLight figure");
      var viewport = figure.querySelector(".viewport"), image = viewport.querySelector("img");
      var label = figure.querySelector(".zoom"), steps = [label.textContent];
      click("actual"); steps.push(label.textContent);
      function click(action) { figure.querySelector('[data-zoom="' + action + '"]').click(); }
      function key(name) { viewport.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true })); }
      click("in"); steps.push(label.textContent);
      key("+"); steps.push(label.textContent);
      click("out"); steps.push(label.textContent);
      var before = image.style.transform; key("ArrowDown");
      steps.push(image.style.transform !== before ? "moved" : "still: " + before);
      var width = figure.getBoundingClientRect().width; click("wide");
      steps.push("wide " + (figure.getBoundingClientRect().width > width && figure.querySelector('[data-zoom="wide"]').getAttribute("aria-pressed") === "true"));
      document.body.setAttribute("data-probe", steps.join("|"));
    });
    </script>

    """

  @Test func lightAndDarkScreenshots() throws {
    let chromium = try HeadlessChromium.find()
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("Diagrams")
    _ = try Self.writePage(into: folder)
    let page = folder.appendingPathComponent("index.html")
    try chromium.screenshots(of: page, named: "report", windowSize: "1280,1800")

    // What the browser applied, not only that two pictures differ: the page's computed
    // background in each scheme (the page's own colours: #f6f8fa light, #0d1117 dark).
    let probe = folder.appendingPathComponent("scheme.html")
    let html = try String(contentsOf: page, encoding: .utf8)
    let script = """
      <script>
      window.addEventListener("load", function () {
        document.body.setAttribute("data-background", getComputedStyle(document.body).backgroundColor);
      });
      </script>
      """
    try Data(html.replacingOccurrences(of: "</body>", with: script + "</body>").utf8).write(to: probe)
    var backgrounds: [String] = []
    for scheme in ["1", "0"] {
      let run = try chromium.run(probe, ["--dump-dom", "--blink-settings=preferredColorScheme=\(scheme)"])
      backgrounds.append(Self.bodyAttributes(run.stdout)?["data-background"] ?? "none")
    }
    #expect(backgrounds == ["rgb(246, 248, 250)", "rgb(13, 17, 23)"])
  }

  @Test func chromiumMissingIsAFailureSayingHowToInstallIt() {
    #expect {
      try HeadlessChromium.find(path: "/nonexistent")
    } throws: { error in
      "\(error)"
        == "Chromium is missing (looked for chromium, chromium-browser, google-chrome on PATH): the report page's browser test needs it; install it with `apt-get install -y chromium` (Scripts/install-chromium.sh does, and Scripts/test runs it)"
    }
  }

  /// `.build/report-screenshots/` of this package.
  static var screenshotFolder: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".build/report-screenshots")
  }

  /// The attributes of the `<body>` tag in a dumped DOM (after `</head>`: the head's comments
  /// mention `<body>`).
  static func bodyAttributes(_ dom: String) -> [String: String]? {
    guard let head = dom.range(of: "</head>"), let start = dom[head.upperBound...].range(of: "<body"),
      let end = dom[start.upperBound...].firstIndex(of: ">")
    else { return nil }
    var attributes: [String: String] = [:]
    let tag = dom[start.upperBound..<end]
    let pattern = /([a-z-]+)="([^"]*)"/
    for match in tag.matches(of: pattern) { attributes[String(match.1)] = String(match.2) }
    return attributes
  }
}
