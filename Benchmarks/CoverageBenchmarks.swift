import FeedbackCoverage
import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import FeedbackLoopSupport

/// The coverage rows: 1,000 TrafficLight-like trace files of 1,000 steps each (1,000,000
/// steps), written once to a temporary folder, then read in runs paired with each other:
/// `coverage.decode` merely decodes every line with `TraceReader`, `coverage.steps` computes
/// the full coverage (`CoverageCollector`), so the cost coverage adds to decoding shows as a
/// ratio (target: coverage ≤ 1.5× decoding).
///
/// Memory: the peak RSS (`VmHWM`) is reset before each pass (Linux: `5` written to
/// /proc/self/clear_refs) and printed after it on standard error, for the 1,000,000-step
/// fixture and once for a 10× smaller one (100 files × 1,000 steps): equal peaks show that
/// memory does not grow with the steps read.
let coverageBenchmarks: [Benchmark] = [
  Benchmark(name: "coverage.decode", unit: "ns/step", runs: 1) {
    let paths = try CoverageFixture.paths()
    CoverageFixture.resetPeak()
    var decoded = 0
    let elapsed = try seconds {
      for path in paths {
        var reader = try TraceReader(contentsOf: URL(fileURLWithPath: path))
        _ = try reader.header()
        while let step = try reader.next() {
          decoded &+= step.index
        }
      }
    }
    blackHole(decoded)
    CoverageFixture.note("decode", steps: CoverageFixture.steps)
    return elapsed / Double(CoverageFixture.steps) * 1e9
  },
  Benchmark(name: "coverage.steps", unit: "ns/step", runs: 3, pairedWith: "coverage.decode") {
    let paths = try CoverageFixture.paths()
    try CoverageFixture.measureSmallOnce()
    CoverageFixture.resetPeak()
    var report: CoverageCollector.Report?
    let elapsed = try seconds { report = try CoverageCollector(registered: [trafficGraph]).measure(paths) }
    precondition(
      report?.coverages.first?.steps == CoverageFixture.steps,
      "coverage counted \(report?.coverages.first?.steps ?? 0) steps")
    precondition(report?.coverages.first?.transitionFraction.covered == 4)
    CoverageFixture.note("coverage", steps: CoverageFixture.steps)
    return elapsed / Double(CoverageFixture.steps) * 1e9
  },
]

/// The coverage rows' trace files, written on first use and removed at exit.
enum CoverageFixture {
  static let files = 1_000, stepsPerFile = 1_000
  static var steps: Int { files * stepsPerFile }
  /// The smaller fixture, measured once: 10× fewer steps.
  static let smallFiles = 100
  private static let written = Protected<[String]?>(nil)
  private static let smallMeasured = Protected(false)
  /// Whether the last ``resetPeak()`` worked (else peaks are since the process started).
  private static let peakReset = Protected(false)

  static var folder: URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "coverage-bench-\(ProcessInfo.processInfo.processIdentifier)")
  }

  static func paths() throws -> [String] {
    if let paths = written.withLock({ $0 }) { return paths }
    let paths = try writeTrafficTraces(
      files: files, stepsPerFile: stepsPerFile, into: folder.appendingPathComponent("large"))
    atexit { try? FileManager.default.removeItem(at: CoverageFixture.folder) }
    FileHandle.standardError.write(
      Data("coverage: \(files) files, \(steps) steps written; peak RSS \(peakResidentKilobytes() / 1024) MB\n".utf8))
    written.withLock { $0 = paths }
    return paths
  }

  /// Once: measures the coverage of 100 files × 1,000 steps and prints its peak RSS, to
  /// compare with the 1,000,000-step passes.
  static func measureSmallOnce() throws {
    guard
      !smallMeasured.withLock({ done in
        defer { done = true }; return done
      })
    else { return }
    let paths = try writeTrafficTraces(
      files: smallFiles, stepsPerFile: stepsPerFile, into: folder.appendingPathComponent("small"))
    resetPeak()
    let report = try CoverageCollector(registered: [trafficGraph]).measure(paths)
    precondition(report.coverages.first?.steps == smallFiles * stepsPerFile)
    note("coverage", steps: smallFiles * stepsPerFile)
  }

  /// Resets the peak RSS to the current RSS, where Linux allows it.
  static func resetPeak() {
    let reset = resetPeakResident()
    peakReset.withLock { $0 = reset }
  }

  /// Prints the peak RSS of the pass just run (it must not grow with the steps read).
  static func note(_ pass: String, steps: Int) {
    let since = peakReset.withLock { $0 } ? "during" : "since start, after"
    FileHandle.standardError.write(
      Data("coverage: peak RSS \(peakResidentKilobytes() / 1024) MB \(since) a \(pass) pass over \(steps) steps\n".utf8)
    )
  }
}

/// The example traffic light's graph: the traces below follow its transitions.
let trafficGraph = TrafficLight.system.graph

/// Writes `files` traces of `stepsPerFile` steps as a recorder would: a timer effect
/// emitting ticks around the cycle, every tenth cycle an emergency sent from outside.
func writeTrafficTraces(files: Int, stepsPerFile: Int, into folder: URL) throws -> [String] {
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let header = try Trace.line(TraceHeader(graph: trafficGraph, test: "benchmark", outcome: .passed))
  let next = ["red": ("green", 0), "green": ("yellow", 1), "yellow": ("red", 2)]
  var paths: [String] = []
  for file in 0..<files {
    var text = String(decoding: header, as: UTF8.self)
    var state = "red", effect = 0, time: Int64 = 0
    text += #"{"index":0,"kind":"initial","stateAfter":"red","timeNanoseconds":0,"toNode":"red"}"# + "\n"
    var index = 1
    func line(_ body: String) {
      guard index < stepsPerFile else { return }
      text += "{\(body),\"index\":\(index),\"timeNanoseconds\":\(time)}\n"
      index += 1
    }
    while index < stepsPerFile {
      line(#""effect":\#(effect),"feedback":0,"kind":"effectStarted""#)
      time += 30_000_000_000
      if (index / 5) % 10 == 9 {
        line(
          #""event":"emergency","eventNode":"emergency","fromNode":"\#(state)","kind":"event","stateAfter":"red","stateBefore":"\#(state)","toNode":"red","transition":3"#
        )
        state = "red"
      } else {
        let (target, transition) = next[state] ?? ("red", 0)
        line(#""effect":\#(effect),"event":"tick","eventNode":"tick","feedback":0,"kind":"effectEmitted""#)
        line(
          #""event":"tick","eventNode":"tick","feedback":0,"fromNode":"\#(state)","kind":"event","stateAfter":"\#(target)","stateBefore":"\#(state)","toNode":"\#(target)","transition":\#(transition)"#
        )
        state = target
      }
      line(#""effect":\#(effect),"feedback":0,"kind":"effectCancelled""#)
      effect += 1
    }
    let url = folder.appendingPathComponent("TrafficLight-\(file).jsonl")
    try Data(text.utf8).write(to: url)
    paths.append(url.path)
  }
  return paths
}

/// Resets this process's peak RSS (`VmHWM`) to its current RSS by writing `5` to
/// /proc/self/clear_refs (Linux 4.0+); `false` where that is not possible.
func resetPeakResident() -> Bool {
  guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
  defer { try? handle.close() }
  do {
    try handle.write(contentsOf: Data("5".utf8))
    return true
  } catch {
    return false
  }
}

/// Peak resident set size of this process in kB (`VmHWM` in /proc/self/status), 0 where
/// there is no /proc.
func peakResidentKilobytes() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
  else { return 0 }
  return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
