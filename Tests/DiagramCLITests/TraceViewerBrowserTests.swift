import DiagramCLI
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import Testing

/// The trace viewer page in a real browser (issue #25): headless Chromium opens the page
/// `diagram trace` wrote, at the failing step, at a `#step=N` URL, and after keys and a
/// click; the DOM says which state and edge are highlighted, what the diff shows and which
/// effects run. Light and dark screenshots land in `.build/report-screenshots/`. Chromium
/// missing fails the test (`HeadlessChromium.find`).
@Suite(.serialized) struct TraceViewerBrowserTests {
  /// The page of `trace` that `diagram trace` writes into a new folder under `root`.
  static func page(_ trace: String, in root: URL) throws -> URL {
    let folder = root.appendingPathComponent("Diagrams")
    try Fixtures.run(["trace", trace, "--output", folder.path, "--format", "svg"])
    let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".trace.html") }
    try #require(pages.count == 1, "pages: \(pages)")
    return folder.appendingPathComponent(pages[0])
  }

  /// The DOM after the page's scripts ran, and its `<body>` attributes.
  static func open(_ page: URL, step: Int? = nil, _ arguments: [String] = []) throws -> (
    dom: String, body: [String: String]
  ) {
    let chromium = try HeadlessChromium.find()
    let url = try #require(URL(string: page.absoluteString + (step.map { "#step=\($0)" } ?? "")))
    let run = try chromium.run(url, ["--dump-dom", "--window-size=1400,900"] + arguments)
    #expect(HeadlessChromium.consoleLines(run.stderr) == [])
    let body = try #require(ReportPageBrowserTests.bodyAttributes(run.stdout), "no <body>:\n\(run.stdout.prefix(500))")
    #expect(body["data-ready"] == "true", "the page's script did not finish")
    #expect(body["data-errors"] == "0")
    #expect(body["data-blocked"] == "0", "the page tried to load something its policy forbids")
    return (run.stdout, body)
  }

  /// The `class` attribute of the element with `id` in a dumped DOM.
  static func classes(of id: String, in dom: String) -> Set<String> {
    guard let tag = dom.range(of: "id=\"\(id)\" class=\""), let end = dom[tag.upperBound...].firstIndex(of: "\"") else {
      return []
    }
    return Set(dom[tag.upperBound..<end].split(separator: " ").map(String.init))
  }

  @Test func aFailingTestsPageOpensAtItsFailingStep() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let (dom, body) = try Self.open(try Self.page(Fixtures.path("failing"), in: root))
    // Step #10: `emergency` sent while yellow, taken by the wildcard edge into red.
    #expect(body["data-step"] == "10")
    #expect(body["data-state-node"] == "state_1")
    #expect(body["data-edge"] == "edge_t3")
    #expect(Self.classes(of: "state_1", in: dom).isSuperset(of: ["tv-current", "tv-failing"]))
    #expect(Self.classes(of: "state_2", in: dom).contains("tv-before"))
    #expect(Self.classes(of: "edge_t3", in: dom).isSuperset(of: ["tv-taken", "tv-failing"]))
    #expect(Self.classes(of: "edge_t1", in: dom).isDisjoint(with: ["tv-taken"]))
    #expect(dom.contains(#"<div class="failure" id="tv-failure"><strong>The test failed at this step</strong>"#))
    #expect(
      dom.contains(
        #"<div class="line diff removed">− <mark>yellow</mark></div><div class="line diff added">+ <mark>red</mark></div>"#
      ))
    #expect(dom.contains(#"<code>emergency</code> sent from outside (send)"#))
    // Effect #2 started at #9 and is cancelled at #11: running here.
    #expect(dom.contains(#"<li data-effect="2">timer effect #2 <span class="tag">running since</span>"#))
    // The list's row of the failing step (the 11th: 10 × 22 px down) is the current one.
    let row = try #require(dom.firstMatch(of: /<div class="row failing current"[^>]*>/)).output
    #expect(row.contains(#"data-offset="10""#) && row.contains("top: 220px;") && row.contains(#"aria-selected="true""#))
  }

  @Test func aStepURLOpensThatStep() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let (dom, body) = try Self.open(try Self.page(Fixtures.path("failing"), in: root), step: 7)
    // Step #7: the timer's tick takes green to yellow.
    #expect(body["data-step"] == "7")
    #expect(body["data-state-node"] == "state_2")
    #expect(body["data-edge"] == "edge_t1")
    #expect(Self.classes(of: "edge_t1", in: dom).contains("tv-taken"))
    #expect(Self.classes(of: "edge_t3", in: dom).isDisjoint(with: ["tv-taken"]))
    #expect(!dom.contains("id=\"tv-failure\""))
    #expect(
      dom.contains(
        #"<div class="line diff removed">− <mark>green</mark></div><div class="line diff added">+ <mark>yellow</mark></div>"#
      ))
    #expect(dom.contains("<code>tick</code> from feedback timer (effect #1, emitted at "))
  }

  /// An explorer's finding where the upload's effect ends without an event
  /// (`effectsMayEndSilently`): its trace has no effect ids, and the page says what ended.
  @Test func anEffectThatEndsSilentlyIsNamedByItsFeedback() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let trace = Fixtures.folder.appendingPathComponent("Uploader-explorer-silent-end.jsonl").path
    let (dom, body) = try Self.open(try Self.page(trace, in: root))
    #expect(body["data-step"] == "2")  // the failing step: the end, in uploading
    #expect(dom.contains(">upload's effect ends without an event<"))  // the row and the heading, not the message
    #expect(!dom.contains("effect #?"))
  }

  /// Keys on the page and a click on a row, each followed by what the page shows.
  @Test func keysAndClicksMoveBetweenSteps() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let page = try Self.page(Fixtures.path("failing"), in: root)
    let probe = page.deletingLastPathComponent().appendingPathComponent("probe.html")
    let html = try String(contentsOf: page, encoding: .utf8)
    try Data(html.replacingOccurrences(of: "</body>", with: Self.probeScript + "</body>").utf8).write(to: probe)
    let (_, body) = try Self.open(probe)
    let seen = try #require(body["data-probe"], "the probe did not run").split(separator: "|").map(String.init)
    #expect(
      seen == [
        "10 state_1 edge_t3",  // opened at the failing step
        "9 state_2 -",  // ←: effect #2 started, still yellow
        "0 state_1 initial_edge",  // Home: the initial state
        "3 state_0 edge_t0 − red+ green",  // → → →: tick, red to green
        "14 state_1 -",  // End: stopped
        "10 state_1 edge_t3",  // f: the failing step
        "7 state_2 edge_t1",  // a click on row #7
      ])
  }

  static let probeScript = """
    <script>
    window.addEventListener("load", function () {
      var seen = [];
      function note(withDiff) {
        var b = document.body;
        seen.push(b.getAttribute("data-step") + " " + b.getAttribute("data-state-node") + " " + (b.getAttribute("data-edge") || "-")
          + (withDiff ? " " + document.getElementById("tv-diff").textContent : ""));
      }
      function key(name) { document.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true })); }
      note(false);
      key("ArrowLeft"); note(false);
      key("Home"); note(false);
      key("ArrowRight"); key("ArrowRight"); key("ArrowRight"); note(true);
      key("End"); note(false);
      key("f"); note(false);
      document.querySelector('.row[data-offset="7"]').click(); note(false);
      document.body.setAttribute("data-probe", seen.join("|"));
    });
    </script>

    """

  /// A trace that encodes its states: the diff goes field by field, an enum case that
  /// changed on a row of its own.
  @Test func theDiffReadsTheEncodedStatesFieldByField() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let trace = Fixtures.folder.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(
        "FeedbackLoopExamplesTests/Traces/SignIn-SignInTests-testARejectedPasswordCanBeCorrected.jsonl")
    let (dom, body) = try Self.open(try Self.page(trace.path, in: root), step: 8)
    #expect(body["data-step"] == "8")
    #expect(body["data-state-node"] == "state_0")  // editing
    let edge = try #require(body["data-edge"])
    #expect(Self.classes(of: edge, in: dom).contains("tv-taken"))
    #expect(dom.contains(#"<div class="state" id="tv-diff" data-kind="json" data-changes="3">"#))
    #expect(
      dom.contains(
        #"<tr class="changed"><td class="path">(case)</td><td class="before">failed</td><td class="after">editing</td></tr>"#
          + #"<tr class="changed"><td class="path">_0.password</td><td class="before">"battery staple"</td><td class="after">"correct horse"</td></tr>"#
          + #"<tr class="removed"><td class="path">message</td><td class="before">"wrong password"</td><td class="after">—</td></tr>"#
      ))
    #expect(dom.contains(#"<summary class="none">1 field unchanged</summary>"#))
  }

  @Test func aHostileNameIsTextOnThePage() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    var trace = try Trace.decodeJSONLines(Data(contentsOf: URL(fileURLWithPath: Fixtures.path("failing"))))
    let hostile = ReportPageBrowserTests.hostileName + " </script><!-- \u{2028}"
    trace.header.graph?.name = hostile
    trace.header.system = hostile
    trace.header.test = hostile
    trace.steps[10].event = hostile
    let file = root.appendingPathComponent("hostile.jsonl")
    try trace.jsonLines().write(to: file)
    let (dom, body) = try Self.open(try Self.page(file.path, in: root))
    #expect(body["data-step"] == "10")
    #expect(!dom.contains("<script>alert") && !dom.contains("<img src=x"))
    let escaped =
      #"&lt;script&gt;alert("x")&lt;/script&gt; &amp; 'Q' &lt;img src=x onerror=alert(1)&gt; &lt;/script&gt;&lt;!-- "#
    #expect(dom.contains("<h1>\(escaped)\u{2028} · \(escaped)\u{2028}</h1>"))
    #expect(dom.contains("<code>\(escaped)\u{2028}</code>"))
  }

  /// A long run: the list holds only the rows in view.
  @Test func aLongTraceRendersOnlyTheVisibleRows() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = try LongTraceTests.write(20_000, failingAt: 15_000, in: root)
    let (dom, body) = try Self.open(try Self.page(file, in: root))
    #expect(body["data-steps"] == "20000")
    #expect(body["data-step"] == "15000")
    let rows = dom.components(separatedBy: #"role="option""#).count - 1
    #expect(rows > 10 && rows < 80, "\(rows) rows in the DOM")
    #expect(body["data-list-rows"] == "\(rows)")
  }

  @Test func lightAndDarkScreenshots() throws {
    let chromium = try HeadlessChromium.find()
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let page = try Self.page(Fixtures.path("failing"), in: root)
    try chromium.screenshots(of: page, named: "trace-viewer", windowSize: "1400,900")
    // What the browser applied: the page's own colours in each scheme.
    var backgrounds: [String] = []
    for scheme in ["1", "0"] {
      let html = try String(contentsOf: page, encoding: .utf8)
      let probe = page.deletingLastPathComponent().appendingPathComponent("scheme.html")
      let script = """
        <script>document.body.setAttribute("data-background", getComputedStyle(document.body).backgroundColor);</script>
        """
      try Data(html.replacingOccurrences(of: "</body>", with: script + "</body>").utf8).write(to: probe)
      backgrounds.append(
        try Self.open(probe, ["--blink-settings=preferredColorScheme=\(scheme)"]).body["data-background"] ?? "none")
    }
    #expect(backgrounds == ["rgb(246, 248, 250)", "rgb(13, 17, 23)"])
  }
}
