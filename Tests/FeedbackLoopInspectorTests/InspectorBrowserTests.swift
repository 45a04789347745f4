import FeedbackLoopSupport
import Foundation
import Testing

@testable import FeedbackLoopInspector

/// The page in a real browser (Debian's headless Chromium), fed by a trace file that grows
/// as a writer's flushes make it grow: the page reports each step it shows (`/seen`), so the
/// server's clock times flush → shown. The page's `drive=1` mode presses Pause, Step back
/// and, after new steps arrived, Resume; halfway the app "restarts" (a new file).
@Suite(.serialized) struct InspectorBrowserTests {
  @Test func thePageFollowsTheFileLivePausesStepsBackResumesAndSurvivesARestart() async throws {
    let folder = try TraceFolder()
    try folder.create("TrafficLight-1.jsonl", try TraceFolder.trace(0..<1))
    var configuration = InspectorConfiguration(folder: folder.url)
    configuration.pollInterval = .milliseconds(25)
    let inspector = try Inspector(configuration: configuration)
    let address = Protected<URL?>(nil)
    let server = Task { try await inspector.run { url in address.withLock { $0 = url } } }
    defer { server.cancel() }
    // Long: a loaded machine (the whole suite, a second suite beside it) can be slow to start anything.
    let deadline = ContinuousClock.now + .seconds(600)
    while address.withLock({ $0 }) == nil, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    let url = try #require(address.withLock { $0 })
    // A live window of 5 steps, so that stepping back while paused goes past it.
    let browser = try Self.chromium(URL(string: url.absoluteString + "&drive=1&live=5")!)
    defer { browser.stop() }

    // Flushes, as a writer makes them: one step every 150 ms, the app restarting halfway.
    var flushed: [(session: Int, step: Int, at: Double)] = []
    var file = "TrafficLight-1.jsonl", session = 1
    for step in 1...60 {
      if step == 31 {
        file = "TrafficLight-2.jsonl"
        session = 2
        try folder.create(file, try TraceFolder.trace(0..<1))
      }
      try folder.append(file, try TraceFolder.stepLine(step) + "\n")
      flushed.append((session, step, Date().timeIntervalSince1970))
      try await Task.sleep(for: .milliseconds(150))
    }
    try await Task.sleep(for: .seconds(1))
    let seen = inspector.seen, log = seen
    #expect(seen.contains { $0.session == 1 }, "the page reported no step of the first session: \(seen)")

    // Pause and step back; every kept step loaded at the step on screen; 6 steps further
    // back, past the live window; held while paused, then live again past where it paused.
    let paused = try #require(log.first { $0.mode == "paused" }, "no pause: \(log)")
    // Reports are separate requests: they may arrive out of order.
    let backs = log.filter { $0.mode == "back" }.sorted { $0.step > $1.step }
    let back = try #require(backs.last, "no step back: \(log)")
    let all = try #require(log.first { $0.mode == "all" }, "every kept step never loaded: \(log)")
    let held = try #require(log.first { $0.mode == "held" }, "never held while paused: \(log)")
    #expect(paused.step >= 8, "paused before step 8 was shown: \(log)")
    #expect(backs.map(\.step) == Array((paused.step - 7)...(paused.step - 1)).reversed(), "\(log)")
    #expect(all.step == paused.step - 1, "the kept steps opened elsewhere than the step on screen: \(log)")
    #expect(back.step < paused.step - 4, "not past the live window of 5 steps: \(log)")
    #expect(held.step == back.step, "the page moved while paused: \(log)")
    let resumed = try #require(
      log.first { $0.mode == "live" && $0.at > held.at }, "no live step after resuming: \(log)")
    #expect(resumed.step > paused.step)

    // Survives the restart: steps of the second session are shown.
    #expect(seen.contains { $0.session == 2 && $0.step >= 40 }, "no step of the second session shown: \(seen)")

    // Flush → shown, for each step flushed while the page was live.
    let pauseSpan = paused.at...resumed.at
    var lags: [Double] = []
    var timed: [String] = []
    let firstShown = try #require(log.first { $0.mode == "live" }).at
    for flush in flushed where !pauseSpan.contains(flush.at) && flush.at > firstShown {
      guard
        let shown = log.first(where: {
          $0.mode == "live" && $0.session == flush.session && $0.step >= flush.step && $0.at >= flush.at
        })
      else { continue }
      lags.append(shown.at - flush.at)
      timed.append("\(flush.session).\(flush.step):\(Int((shown.at - flush.at) * 1000))")
    }
    lags.sort()
    #expect(lags.count >= 30, "too few steps timed: \(lags.count)")
    let median = lags.isEmpty ? .infinity : lags[lags.count / 2]
    // The issue's promise: new steps on the page within 500 ms of their flush. The server
    // runs on threads of its own and the live view reloads only its last few steps, so the
    // median is tens of milliseconds; the tail is the `watch.lag` benchmark's to measure.
    #expect(median < 0.5, "median flush → shown \(Int(median * 1000)) ms: \(timed)")
  }

  /// Headless Chromium on `url`, left running (a live page), with a throw-away profile.
  static func chromium(_ url: URL) throws -> Browser {
    let names = ["chromium", "chromium-browser", "google-chrome"]
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let executable = names.lazy.flatMap { name in path.split(separator: ":").map { "\($0)/\(name)" } }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let executable else {
      throw Browser.Missing(
        description:
          "Chromium is missing (looked for \(names.joined(separator: ", ")) on PATH): install it with `apt-get install -y chromium`"
      )
    }
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
    let process = Process()
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
    return Browser(process: process, profile: profile)
  }

  /// A running browser, stopped by ``stop()``.
  struct Browser {
    struct Missing: Error, CustomStringConvertible { var description: String }
    let process: Process
    let profile: URL

    func stop() {
      if process.isRunning {
        process.terminate()
        process.waitUntilExit()
      }
      try? FileManager.default.removeItem(at: profile)
    }
  }
}
