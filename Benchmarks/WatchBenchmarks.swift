import FeedbackGraph
import FeedbackLoopExamples
import FeedbackLoopInspector
import FeedbackLoopSupport
import Foundation

/// `diagram watch` (issue #36): flush → shown, and the server's memory over an hour.
///
/// `watch.lag-<rate>.*`: the inspector serves a folder while this process appends a
/// TrafficLight trace to it at `rate` steps a second, in a flush every 10 ms, for 6 s;
/// headless Chromium shows the page, which reports each step it shows (`/seen`) when the
/// viewer page holding it is on screen. A flush's lag is the time from its write to the
/// first report of a step at least as new, on this machine's clock; the median and the
/// 99th percentile over all flushes after the page first showed a step. Chromium starts
/// afresh for each rate; missing Chromium fails the row.
///
/// `watch.memory-*`: an hour of steps at 1,000 a second (3.6 million) through the server's
/// reader and store (``LiveLoops``, 5,000 steps kept), in files of 100,000 steps rotated as
/// a `TraceWriter`'s `rotatingFiles` rotates them; the process's resident memory at the end,
/// and its growth over the second half hour (flat: about 0).
let watchBenchmarks: [Benchmark] = [
  Benchmark(name: "watch.lag-1k.median", unit: "ms", runs: 1) { try WatchLagRun.shared(rate: 1_000).median },
  Benchmark(name: "watch.lag-1k.p99", unit: "ms", runs: 1) { try WatchLagRun.shared(rate: 1_000).p99 },
  Benchmark(name: "watch.lag-10k.median", unit: "ms", runs: 1) { try WatchLagRun.shared(rate: 10_000).median },
  Benchmark(name: "watch.lag-10k.p99", unit: "ms", runs: 1) { try WatchLagRun.shared(rate: 10_000).p99 },
  Benchmark(name: "watch.memory-hour", unit: "MB", runs: 1) { WatchMemoryRun.shared.endMegabytes },
  Benchmark(name: "watch.memory-growth", unit: "MB", runs: 1) { WatchMemoryRun.shared.growthMegabytes },
]

/// One line of a TrafficLight step, for any index.
private enum StepLines {
  static let header: String = {
    let data = try! Trace(header: TraceHeader(graph: TrafficLight.system.graph)).jsonLines()
    return String(decoding: data, as: UTF8.self)
  }()
  private static let parts: (String, String) = {
    let step = TraceStep(
      index: 987_654_321, timeNanoseconds: 0, kind: .event, event: "tick", eventNode: "tick", before: "red",
      after: "green", beforeNode: "red", afterNode: "green")
    let data = try! Trace(header: TraceHeader(graph: TrafficLight.system.graph), steps: [step]).jsonLines()
    let line = String(String(decoding: data, as: UTF8.self).split(separator: "\n")[1])
    let parts = line.components(separatedBy: "987654321")
    return (parts[0], parts[1])
  }()
  static func line(_ index: Int) -> String { parts.0 + String(index) + parts.1 + "\n" }
}

/// One run of the lag measurement at a rate, shared by its two rows.
struct WatchLagRun: Sendable {
  var median: Double
  var p99: Double

  private static let runs = Protected<[Int: WatchLagRun]>([:])

  static func shared(rate: Int) throws -> WatchLagRun {
    if let run = runs.withLock({ $0[rate] }) { return run }
    let run = try measure(rate: rate)
    runs.withLock { $0[rate] = run }
    return run
  }

  private static func measure(rate: Int) throws -> WatchLagRun {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("TrafficLight-1.jsonl")
    try Data((StepLines.header + StepLines.line(0)).utf8).write(to: file)
    var configuration = InspectorConfiguration(folder: folder)
    configuration.pollInterval = .milliseconds(10)
    let inspector = try Inspector(configuration: configuration)
    let address = Protected<URL?>(nil)
    let server = Task { try await inspector.run { url in address.withLock { $0 = url } } }
    defer { server.cancel() }
    let deadline = Date().addingTimeInterval(30)
    while address.withLock({ $0 }) == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    guard let url = address.withLock({ $0 }) else { throw WatchBenchmarkError("the inspector did not start") }
    let browser = try LiveChromium(url: url)
    defer { browser.stop() }
    Thread.sleep(forTimeInterval: 2)  // Chromium starts, the page shows the first step

    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }
    try handle.seekToEnd()
    let perFlush = rate / 100
    var flushes: [(last: Int, at: Double)] = []
    var next = 1
    let start = Date()
    while Date().timeIntervalSince(start) < 6 {
      var text = ""
      for index in next..<(next + perFlush) { text += StepLines.line(index) }
      next += perFlush
      try handle.write(contentsOf: Data(text.utf8))
      flushes.append((next - 1, Date().timeIntervalSince1970))
      let due = start.addingTimeInterval(Double(flushes.count) * 0.01)
      let wait = due.timeIntervalSinceNow
      if wait > 0 { Thread.sleep(forTimeInterval: wait) }
    }
    Thread.sleep(forTimeInterval: 2)
    let seen = inspector.seen.filter { $0.mode == "live" }
    guard let first = seen.first?.at else { throw WatchBenchmarkError("the page reported no step shown") }
    var lags: [Double] = []
    var cursor = 0
    for flush in flushes where flush.at > first {
      while cursor < seen.count, seen[cursor].step < flush.last || seen[cursor].at < flush.at { cursor += 1 }
      guard cursor < seen.count else {
        lags.append(.infinity)  // never shown
        continue
      }
      lags.append((seen[cursor].at - flush.at) * 1000)
    }
    lags.sort()
    guard !lags.isEmpty else { throw WatchBenchmarkError("no flush after the page's first step") }
    return WatchLagRun(median: lags[lags.count / 2], p99: lags[min(lags.count - 1, lags.count * 99 / 100)])
  }
}

/// An hour of steps at 1,000 a second through the reader and the store.
struct WatchMemoryRun: Sendable {
  var endMegabytes: Double
  var growthMegabytes: Double

  static let shared: WatchMemoryRun = {
    do {
      return try measure()
    } catch {
      FileHandle.standardError.write(Data("watch.memory: \(error)\n".utf8))
      return WatchMemoryRun(endMegabytes: .nan, growthMegabytes: .nan)
    }
  }()

  private static func measure() throws -> WatchMemoryRun {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-memory-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var loops = LiveLoops(folder: folder)
    let total = 3_600_000, perFile = 100_000, batch = 10_000
    var half = 0
    var index = 0
    var files: [URL] = []
    var made = 0
    while index < total {
      made += 1
      let file = folder.appendingPathComponent("TrafficLight-\(made).jsonl")
      try Data(StepLines.header.utf8).write(to: file)
      files.append(file)
      if files.count > 2 { try FileManager.default.removeItem(at: files.removeFirst()) }
      let handle = try FileHandle(forWritingTo: file)
      try handle.seekToEnd()
      for _ in stride(from: 0, to: perFile, by: batch) {
        var text = ""
        for step in index..<(index + batch) { text += StepLines.line(step) }
        index += batch
        try handle.write(contentsOf: Data(text.utf8))
        loops.poll()
        if index == total / 2 {
          releaseFreedMemory()
          half = residentKilobytes()
        }
      }
      try handle.close()
    }
    loops.poll()
    precondition(loops.loops.first?.steps.count == loops.maximumSteps, "the store did not keep its window")
    releaseFreedMemory()
    let end = residentKilobytes()
    return WatchMemoryRun(endMegabytes: Double(end) / 1024, growthMegabytes: Double(end - half) / 1024)
  }
}

struct WatchBenchmarkError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Headless Chromium left running on a live page, with a throw-away profile.
struct LiveChromium {
  let process = Process()
  let profile = FileManager.default.temporaryDirectory.appendingPathComponent("watch-chromium-\(UUID().uuidString)")

  init(url: URL) throws {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let executable = ["chromium", "chromium-browser", "google-chrome"].lazy
      .flatMap { name in path.split(separator: ":").map { "\($0)/\(name)" } }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let executable else { throw WatchBenchmarkError("Chromium is missing: apt-get install -y chromium") }
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--user-data-dir=\(profile.path)", url.absoluteString,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
  }

  func stop() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: profile)
  }
}
