import Foundation
import Testing

/// The trace viewer's timeline draws instants as instants (issue #34): an instant holding
/// several steps is one mark, a bracket over the steps spread out along it, so that an
/// effect started at its second step starts under the `0s` mark, not after it; an effect
/// that lasted is a bar, one that began and ended at one instant a thin mark. Read in
/// Chromium: the geometry the timeline reports (`data-instants`, `data-effects`) and the
/// canvas's own pixels there.
@Suite(.serialized) struct TraceViewerTimelineInstantTests {
  /// Adds a script to `page` that writes on `<body>`, once the timeline is drawn, its
  /// geometry (`data-instants`, `data-effects`), the share of the pixels along the first
  /// instant's bracket that are drawn (`data-bracket-ink`, in percent), and each effect's
  /// drawn thickness a quarter along it, away from the cursor and the failing step's line
  /// (`data-effect-thickness`, in pixels).
  static func probe(_ page: URL) throws -> URL {
    let probe = page.deletingLastPathComponent().appendingPathComponent("timeline-probe.html")
    let script = """
      <script>
      window.addEventListener("load", function () {
        setTimeout(function () {
          var canvas = document.getElementById("tv-timeline"), context = canvas.getContext("2d");
          var ratio = canvas.width / canvas.clientWidth, pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
          function drawn(x, y) { return pixels[4 * (Math.round(y * ratio) * canvas.width + Math.round(x * ratio)) + 3] > 0; }
          var instants = canvas.getAttribute("data-instants"), effects = canvas.getAttribute("data-effects");
          document.body.setAttribute("data-instants", instants === null ? "none" : instants);
          document.body.setAttribute("data-effects", effects === null ? "none" : effects);
          var first = (instants || "").split(" ")[0].split("-").map(Number), ink = 0, all = 0;
          for (var x = first[0] + 3; x <= first[1] - 3; x++) { all++; if (drawn(x, 16)) ink++; }
          document.body.setAttribute("data-bracket-ink", all ? Math.round(100 * ink / all) : -1);
          document.body.setAttribute("data-effect-thickness", (effects || "").split(" ").map(function (effect) {
            var m = /^(-?\\d+)-(-?\\d+)@(\\d+)/.exec(effect), middle = (3 * Number(m[1]) + Number(m[2])) / 4, thick = 0;
            for (var y = Number(m[3]) - 6; y <= Number(m[3]) + 6; y++) if (drawn(middle, y)) thick++;
            return thick;
          }).join(" "));
        }, 300);
      });
      </script>

      """
    let html = try String(contentsOf: page, encoding: .utf8)
    try Data(html.replacingOccurrences(of: "</body>", with: script + "</body>").utf8).write(to: probe)
    return probe
  }

  @Test func anEffectStartedAtTheFirstInstantStartsUnderItsMark() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let probe = try Self.probe(try TraceViewerBrowserTests.page(Fixtures.path("failing"), in: root))
    let (_, body) = try TraceViewerBrowserTests.open(probe, step: 1)
    // Steps #0 and #1 at 0s (the initial state, the timer's start), #2–#5 at 30s, #6–#14 at 60s.
    let instants = try #require(body["data-instants"]).split(separator: " ").map {
      $0.split(separator: "-").compactMap { Int($0) }
    }
    try #require(instants.count == 3 && instants.allSatisfy { $0.count == 2 }, "instants: \(instants)")
    let effects = try #require(body["data-effects"]).split(separator: " ").map(String.init)
    try #require(effects.count == 4, "effects: \(effects)")
    let timerStart = try #require(effects[0].split(separator: "-").first.flatMap { Int($0) })
    // The timer started at step #1, at 0s: under the first instant's bracket, at its end.
    #expect(timerStart > instants[0][0] && timerStart <= instants[0][1], "\(timerStart) vs 0s at \(instants[0])")
    // The bracket is drawn: (nearly) every pixel along it.
    let ink = try #require(body["data-bracket-ink"].flatMap(Int.init))
    #expect(ink >= 90, "\(ink)% of the first instant's bracket is drawn")
  }

  @Test func anEffectThatLastedIsABarAndOneAtOneInstantAMark() throws {
    let root = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let probe = try Self.probe(try TraceViewerBrowserTests.page(Fixtures.path("failing"), in: root))
    let (_, body) = try TraceViewerBrowserTests.open(probe, step: 1)
    // Effects #0 (0s–30s) and #1 (30s–60s) lasted; #2 and #3 began and ended at 60s.
    let kinds = try #require(body["data-effects"]).split(separator: " ").map { $0.split(separator: ":").last ?? "" }
    #expect(kinds == ["bar", "bar", "instant", "instant"])
    let thickness = try #require(body["data-effect-thickness"]).split(separator: " ").compactMap { Int($0) }
    try #require(thickness.count == 4, "\(thickness)")
    #expect(thickness[0] >= 4 && thickness[1] >= 4, "bars \(thickness)")
    #expect(thickness[2] <= 3 && thickness[3] <= 3, "marks \(thickness)")
  }
}
