import FeedbackGraph
import Foundation
import Testing

/// The edge a step took, drawn as a line in the trace viewer (issue #34): at the failing step
/// too, its curve is stroked in the failing colour and never filled (a filled curve is a red
/// blob over the figure that hides a state's label). Read twice in Chromium: the computed
/// style of the edge's path, and the red pixels of a screenshot.
@Suite(.serialized) struct TraceViewerFailingEdgeTests {
  /// The failing colour (`#cf222e`) and the taken one (`#0969da`) as the browser reports them.
  static let failing = "rgb(207, 34, 46)", taken = "rgb(9, 105, 218)"

  /// Adds a script to `page` that writes, on `<body>`, the computed fill, stroke and width of
  /// the highlighted edge's path and its arrowhead's fill (`data-edge-style`), where the path
  /// is on screen (`data-edge-rect`: left top width height, widened by its stroke) and how
  /// many pixels a line along it covers (`data-edge-ink`: length × stroke width), and the
  /// viewport (`data-viewport`: `--dump-dom` lays the page out in less than the window; a
  /// screenshot of a window that size lays it out the same).
  static func probe(_ page: URL) throws -> URL {
    let probe = page.deletingLastPathComponent().appendingPathComponent("edge-probe.html")
    let script = """
      <script>
      window.addEventListener("load", function () {
        var edge = document.getElementById(document.body.getAttribute("data-edge"));
        var path = getComputedStyle(edge.querySelector("path")), head = getComputedStyle(edge.querySelector("polygon"));
        document.body.setAttribute("data-edge-style", [path.fill, path.stroke, path.strokeWidth, head.fill].join("|"));
        var line = edge.querySelector("path"), box = line.getBoundingClientRect(), width = parseFloat(path.strokeWidth);
        var scale = line.getScreenCTM().a;
        document.body.setAttribute("data-edge-rect",
          [box.left - width, box.top - width, box.width + 2 * width, box.height + 2 * width].map(Math.round).join(" "));
        document.body.setAttribute("data-edge-ink", Math.round(line.getTotalLength() * scale * width));
        document.body.setAttribute("data-viewport", innerWidth + "," + innerHeight);
      });
      </script>

      """
    let html = try String(contentsOf: page, encoding: .utf8)
    try Data(html.replacingOccurrences(of: "</body>", with: script + "</body>").utf8).write(to: probe)
    return probe
  }

  @Test func theFailingEdgeIsAStrokedLineNeverAFilledShape() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let probe = try Self.probe(try TraceViewerBrowserTests.page(Fixtures.path("failing"), in: root))
    // Step #10, the failing one: the wildcard edge into red.
    let (_, failingStep) = try TraceViewerBrowserTests.open(probe)
    #expect(failingStep["data-edge"] == "edge_t3")
    #expect(failingStep["data-edge-style"] == "none|\(Self.failing)|3.5px|\(Self.failing)")
    // Step #7, a passing one: the same line in the taken colour.
    let (_, passingStep) = try TraceViewerBrowserTests.open(probe, step: 7)
    #expect(passingStep["data-edge"] == "edge_t1")
    #expect(passingStep["data-edge-style"] == "none|\(Self.taken)|3.5px|\(Self.taken)")
  }

  /// A screenshot at a failing step that takes a curved edge (yellow —tick→ red, drawn
  /// below the others): the red pixels around the edge's path are about as many as a line
  /// along it covers, where a filled curve covered its whole crescent and the edge's label.
  @Test func aScreenshotOfACurvedFailingEdgeShowsALine() throws {
    let chromium = try HeadlessChromium.find()
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    var trace = try Trace.decodeJSONLines(Data(contentsOf: URL(fileURLWithPath: Fixtures.path("failing"))))
    trace.steps[10].event = "tick"
    trace.steps[10].eventNode = "tick"
    trace.steps[10].transition = TransitionID(2)
    let file = root.appendingPathComponent("curved.jsonl")
    try trace.jsonLines().write(to: file)
    let probe = try Self.probe(try TraceViewerBrowserTests.page(file.path, in: root))
    let (_, body) = try TraceViewerBrowserTests.open(probe)
    #expect(body["data-edge"] == "edge_t2")
    let rect = try #require(body["data-edge-rect"]).split(separator: " ").compactMap { Int($0) }
    let ink = try #require(body["data-edge-ink"].flatMap(Double.init))
    try #require(rect.count == 4 && rect[2] > 50 && ink > 100, "edge: \(rect), \(ink) px of line")
    let shot = root.appendingPathComponent("failing-step.png")
    let viewport = try #require(body["data-viewport"])
    _ = try chromium.run(probe, ["--screenshot=\(shot.path)", "--window-size=\(viewport)"])
    let red = try Self.redPixels(of: shot, in: rect, chromium: chromium)
    #expect(red > ink / 2, "\(red) red pixels around the edge, a line covers \(ink): the edge is not drawn in red")
    #expect(red < ink * 1.5, "\(red) red pixels around the edge, a line covers \(ink): a filled shape")
  }

  /// How many pixels in `rect` (left top width height) of the PNG at `file` are the failing
  /// colour (each channel within 40), counted by a canvas in Chromium.
  static func redPixels(of file: URL, in rect: [Int], chromium: HeadlessChromium) throws -> Double {
    let png = try Data(contentsOf: file).base64EncodedString()
    let page = file.deletingLastPathComponent().appendingPathComponent("pixels.html")
    let html = """
      <!doctype html><html><head><meta charset="utf-8"></head><body>
      <script>
      var image = new Image();
      image.onload = function () {
        var canvas = document.createElement("canvas");
        canvas.width = image.width; canvas.height = image.height;
        var context = canvas.getContext("2d");
        context.drawImage(image, 0, 0);
        var pixels = context.getImageData(\(rect[0]), \(rect[1]), \(rect[2]), \(rect[3])).data, red = 0;
        for (var i = 0; i < pixels.length; i += 4) {
          if (Math.abs(pixels[i] - 207) < 40 && Math.abs(pixels[i + 1] - 34) < 40 && Math.abs(pixels[i + 2] - 46) < 40) red++;
        }
        document.body.setAttribute("data-red", red);
      };
      image.src = "data:image/png;base64,\(png)";
      </script></body></html>
      """
    try Data(html.utf8).write(to: page)
    let run = try chromium.run(page, ["--dump-dom"])
    let body = try #require(ReportPageBrowserTests.bodyAttributes(run.stdout), "no <body>")
    return try #require(body["data-red"].flatMap(Double.init), "the image did not load: \(body)")
  }
}
