import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopExamples
import FeedbackLoopSupport
import Foundation

/// The trace viewer page (issue #25): how long a 1,000- and a 100,000-step page takes to
/// write, to open in headless Chromium, and to move one step.
///
/// The run is TrafficLight's: each cycle a timer effect starts, emits `tick`, finishes, and
/// the tick is reduced; every state is encoded (`{"cycle":n,"light":…}`, a new string each
/// step, so interning saves nothing there). Opening is timed by the page itself: the
/// script writes `performance.now()` (milliseconds since navigation started: HTML parsed,
/// data read, first step drawn) into `data-load-ms` when it is ready, and `--dump-dom`
/// prints it. A step is timed by a probe that presses → 200 times. Chromium starts afresh
/// for every run (its own profile); missing Chromium fails the row.
let viewerBenchmarks: [Benchmark] = [
  Benchmark(name: "viewer.write-100k", unit: "s", runs: 3) {
    let trace = viewerTrace(steps: 100_000)
    return try seconds { blackHole(try TraceViewerPage(graph: TrafficLight.system.graph, trace: trace).render()) }
  },
  Benchmark(name: "viewer.load-1k", unit: "ms", runs: 5) {
    try ViewerPageFile.shared(steps: 1_000).open().loadMilliseconds
  },
  Benchmark(name: "viewer.load-100k", unit: "ms", runs: 5) {
    try ViewerPageFile.shared(steps: 100_000).open().loadMilliseconds
  },
  Benchmark(name: "viewer.step-100k", unit: "ms", runs: 3) {
    try ViewerPageFile.shared(steps: 100_000).open(probe: true).stepMilliseconds
  },
]

/// A seeded TrafficLight run of `steps` steps with its timer's effects, failing near the end.
func viewerTrace(steps count: Int) -> Trace {
  let lights = ["red", "green", "yellow"]
  var steps = [
    TraceStep(
      index: 0, timeNanoseconds: 0, kind: .initial, after: "red", afterNode: "red",
      stateJSON: #"{"cycle":0,"light":"red"}"#)
  ]
  var light = 0, effect = 0, time: Int64 = 0
  while steps.count < count {
    time += 30_000_000_000
    let id = EffectID(effect)
    for kind in [StepKind.effectStarted, .effectEmitted, .effectFinished] where steps.count < count {
      steps.append(
        TraceStep(
          index: steps.count, timeNanoseconds: time, kind: kind, feedback: 0, effect: id,
          event: kind == .effectEmitted ? "tick" : nil, eventNode: kind == .effectEmitted ? "tick" : nil))
    }
    guard steps.count < count else { break }
    let next = (light + 1) % 3
    steps.append(
      TraceStep(
        index: steps.count, timeNanoseconds: time, kind: .event, feedback: 0, transition: TransitionID(light),
        event: "tick", eventNode: "tick", eventJSON: #""tick""#, before: lights[light], after: lights[next],
        beforeNode: lights[light], afterNode: lights[next],
        stateJSON: #"{"cycle":\#(steps.count),"light":"\#(lights[next])"}"#))
    light = next
    effect += 1
  }
  let outcome = TraceOutcome.failed(at: count * 9 / 10, message: "a late failure")
  return Trace(header: TraceHeader(graph: TrafficLight.system.graph, test: "viewer", outcome: outcome), steps: steps)
}

/// Where the pages are written; removed when the benchmarks exit.
let viewerBenchmarkFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
  "viewer-bench-\(ProcessInfo.processInfo.processIdentifier)")

/// A page written once per size (in a temporary folder) and opened in headless Chromium.
final class ViewerPageFile: Sendable {
  /// The page, and the same page with the probe.
  let url: URL, probeURL: URL

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private static let pages = Protected<[Int: ViewerPageFile]>([:])

  /// The page of a `steps`-step run, written on first use.
  static func shared(steps: Int) throws -> ViewerPageFile {
    try pages.withLock { pages in
      if let page = pages[steps] { return page }
      let folder = viewerBenchmarkFolder
      if pages.isEmpty {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: viewerBenchmarkFolder) }
      }
      let url = folder.appendingPathComponent("viewer-\(steps).trace.html")
      let html = try TraceViewerPage(graph: TrafficLight.system.graph, trace: viewerTrace(steps: steps)).render()
      try Data(html.utf8).write(to: url)
      // The same page with a probe that presses → 200 times and times it.
      let probe = """
        <script>
        window.addEventListener("load", function () {
          var start = performance.now();
          for (var i = 0; i < 200; i++) document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
          document.body.setAttribute("data-step-ms", ((performance.now() - start) / 200).toFixed(3));
        });
        </script>
        """
      let probeURL = folder.appendingPathComponent("viewer-\(steps)-probe.trace.html")
      try Data(html.replacingOccurrences(of: "</body>", with: probe + "</body>").utf8).write(to: probeURL)
      let page = ViewerPageFile(url: url, probeURL: probeURL)
      pages[steps] = page
      return page
    }
  }

  init(url: URL, probeURL: URL) {
    self.url = url
    self.probeURL = probeURL
  }

  /// Opens the page (or its probe) once, in a fresh Chromium, and reads what it measured.
  func open(probe: Bool = false) throws -> (loadMilliseconds: Double, stepMilliseconds: Double) {
    let target = probe ? probeURL : url
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent("viewer-chromium-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: profile) }
    let dom = try Self.chromium([
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--user-data-dir=\(profile.path)", "--window-size=1400,900", "--dump-dom", target.absoluteString,
    ])
    func attribute(_ name: String) -> Double? {
      guard let start = dom.range(of: "\(name)=\""), let end = dom[start.upperBound...].firstIndex(of: "\"") else {
        return nil
      }
      return Double(dom[start.upperBound..<end])
    }
    guard let load = attribute("data-load-ms") else {
      throw Failure(description: "the page did not say when it was ready: \(dom.prefix(300))")
    }
    return (load, attribute("data-step-ms") ?? .nan)
  }

  /// Runs Chromium (the first of `chromium`, `chromium-browser`, `google-chrome` on PATH)
  /// and returns what it printed.
  static func chromium(_ arguments: [String]) throws -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let candidates = ["chromium", "chromium-browser", "google-chrome"].flatMap { name in
      path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
    }
    guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
      throw Failure(description: "Chromium is missing: install it with `apt-get install -y chromium`")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
