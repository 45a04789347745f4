import FeedbackLoopSupport
import Foundation

/// The mutation rows: `diagram mutate` over the examples' tests, as CI runs it, through the
/// debug build of `diagram` and of the tests (`swift build --build-tests` first; run from the
/// package's folder). `mutate.examples` is mutants per minute of the whole run (the suite's
/// run with traces included, the build not); `mutate.examples-ratio` is the run's time ÷
/// (one full suite run × the mutants whose tests ran): below 1 is what selecting tests by
/// their traces buys, and running many mutants in one test process (the issue's target: ≤ 0.2).
/// Both come from one run, which also prints the score on standard error.
/// `mutate.examples-ratio-loaded` is the same ratio from a run beside a second suite: the
/// examples' tests run over and over (`swift test --skip-build`) while it lasts.
let mutationBenchmarks: [Benchmark] = [
  Benchmark(name: "mutate.examples", unit: "mutants/min", runs: 1) {
    try MutationFixture.report(loaded: false).mutantsPerMinute
  },
  Benchmark(name: "mutate.examples-ratio", unit: "× (total ÷ suite × mutants)", runs: 1) {
    try MutationFixture.report(loaded: false).ratio
  },
  Benchmark(name: "mutate.examples-ratio-loaded", unit: "× (total ÷ suite × mutants)", runs: 1) {
    try MutationFixture.report(loaded: true).ratio
  },
]

/// One run of `diagram mutate` over the examples, made on first use and shared by the rows.
enum MutationFixture {
  struct Report: Sendable {
    var mutantsPerMinute: Double
    var ratio: Double
  }

  private static let made = Protected<[Bool: Report]>([:])

  static func report(loaded: Bool) throws -> Report {
    if let report = made.withLock({ $0[loaded] }) { return report }
    let load = loaded ? SecondSuite() : nil
    if let load, !load.start() { throw MutationBenchmarkError(status: -1) }
    let report: Report
    do {
      report = try run(label: loaded ? "mutate.examples-ratio-loaded" : "mutate.examples")
      load?.stop()
    } catch {
      load?.stop()
      throw error
    }
    made.withLock { $0[loaded] = report }
    return report
  }

  private static func run(label: String) throws -> Report {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("mutate-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    let json = FileManager.default.temporaryDirectory.appendingPathComponent("mutate-bench-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: json) }
    _ = FileManager.default.createFile(atPath: json.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swift", "run", "diagram", "mutate", "--tests", "FeedbackLoopExamplesTests", "--json", "--format", "dot",
      "--output", output.path,
    ]
    process.standardOutput = try FileHandle(forWritingTo: json)
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let object = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any],
      let results = object["results"] as? [[String: Any]], let total = object["totalSeconds"] as? Double,
      let suite = object["suiteSeconds"] as? Double, total > 0, suite > 0
    else { throw MutationBenchmarkError(status: process.terminationStatus) }
    let statuses = results.compactMap { $0["status"] as? String }
    let ran = results.filter {
      ($0["tests"] as? [String])?.isEmpty == false && $0["status"] as? String != "drivenByTests"
    }
    .count
    func count(_ status: String) -> Int { statuses.filter { $0 == status }.count }
    let left =
      "\(count("equivalent")) equivalent, \(count("drivenByTests")) driven by the tests, \(count("inapplicable")) not applicable"
    FileHandle.standardError.write(
      Data(
        "\(label): \(results.count) mutants, \(count("killed")) killed, \(count("survived")) survived, \(left); \(String(format: "%.1f", total)) s, suite run \(String(format: "%.2f", suite)) s\n"
          .utf8))
    return Report(mutantsPerMinute: Double(results.count) / total * 60, ratio: total / (suite * Double(max(1, ran))))
  }
}

/// The examples' and the runtime's tests run over and over beside the measured run, straight
/// from the built test binary (`swift test` would wait for the measured run's lock on
/// `.build`): the load of a second suite on the same machine. ``stop()`` lets the run under
/// way end (no process is left behind).
final class SecondSuite: Sendable {
  private let running = Protected(true)
  private let done = DispatchSemaphore(value: 0)

  /// Starts the second suite; `false` when there is no test binary to run.
  func start() -> Bool {
    guard let binary = Self.testBinary() else { return false }
    Thread.detachNewThread { [self] in
      while running.withLock({ $0 }) {
        let process = Process()
        process.executableURL = binary
        process.arguments = [
          "--testing-library", "swift-testing", "--filter", "FeedbackLoopExamplesTests|FeedbackLoopTests",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { break }
        process.waitUntilExit()
      }
      done.signal()
    }
    return true
  }

  func stop() {
    running.withLock { $0 = false }
    done.wait()
  }

  /// The debug test binary (`swift build --show-bin-path`), on Linux.
  static func testBinary() -> URL? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "build", "--show-bin-path"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard let folder = output.split(whereSeparator: \.isNewline).last else { return nil }
    let binary = URL(fileURLWithPath: String(folder)).appendingPathComponent("FeedbackLoopPackageTests.xctest")
    return FileManager.default.isExecutableFile(atPath: binary.path) ? binary : nil
  }
}

struct MutationBenchmarkError: Error, CustomStringConvertible {
  var status: Int32
  var description: String {
    status < 0
      ? "no test binary for the second suite (build the tests first: swift build --build-tests)"
      : "`swift run diagram mutate` exited with \(status) (build the tests first: swift build --build-tests)"
  }
}
