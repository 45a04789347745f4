import FeedbackLoopSupport
import Foundation

/// The mutation rows: `diagram mutate` over the examples' tests, as CI runs it, through the
/// debug build of `diagram` and of the tests (`swift build --build-tests` first; run from the
/// package's folder). `mutate.examples` is mutants per minute of the whole run (the suite's
/// run with traces included, the build not); `mutate.examples-ratio` is the run's time ÷
/// (one full suite run × the mutants whose tests ran): below 1 is what selecting tests by
/// their traces buys. Both come from one run, which also prints the score on standard error.
let mutationBenchmarks: [Benchmark] = [
  Benchmark(name: "mutate.examples", unit: "mutants/min", runs: 1) {
    try MutationFixture.report().mutantsPerMinute
  },
  Benchmark(name: "mutate.examples-ratio", unit: "× (total ÷ suite × mutants)", runs: 1) {
    try MutationFixture.report().ratio
  },
]

/// One run of `diagram mutate` over the examples, made on first use and shared by the rows.
enum MutationFixture {
  struct Report: Sendable {
    var mutantsPerMinute: Double
    var ratio: Double
  }

  private static let made = Protected<Report?>(nil)

  static func report() throws -> Report {
    if let report = made.withLock({ $0 }) { return report }
    let report = try run()
    made.withLock { $0 = report }
    return report
  }

  private static func run() throws -> Report {
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
    let ran = results.filter { ($0["tests"] as? [String])?.isEmpty == false }.count
    let killed = statuses.filter { $0 == "killed" }.count, survived = statuses.filter { $0 == "survived" }.count
    FileHandle.standardError.write(
      Data(
        "mutate.examples: \(results.count) mutants, \(killed) killed, \(survived) survived, \(statuses.count - killed - survived) equivalent; \(String(format: "%.1f", total)) s, suite run \(String(format: "%.2f", suite)) s\n"
          .utf8))
    return Report(mutantsPerMinute: Double(results.count) / total * 60, ratio: total / (suite * Double(max(1, ran))))
  }
}

struct MutationBenchmarkError: Error, CustomStringConvertible {
  var status: Int32
  var description: String {
    "`swift run diagram mutate` exited with \(status) (build the tests first: swift build --build-tests)"
  }
}
