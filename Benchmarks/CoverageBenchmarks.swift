import FeedbackGraph
import Foundation

/// The coverage rows: 1,000 TrafficLight-like trace files of 1,000 steps each (1,000,000
/// steps), written once to a temporary folder, then read in runs paired with each other:
/// `coverage.decode` merely decodes every line with `TraceReader`, `coverage.steps` computes
/// the full coverage (`CoverageCollector`), so the cost coverage adds to decoding shows as a
/// ratio (target: coverage ≤ 1.5× decoding). Peak RSS (`VmHWM`) is printed after each pass
/// to show that memory stays flat however many steps are read.
let coverageBenchmarks: [Benchmark] = [
  Benchmark(name: "coverage.decode", unit: "ns/step", runs: 1) {
    let paths = try CoverageFixture.paths()
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
    CoverageFixture.note("decode")
    return elapsed / Double(CoverageFixture.steps) * 1e9
  },
  Benchmark(name: "coverage.steps", unit: "ns/step", runs: 3, pairedWith: "coverage.decode") {
    let paths = try CoverageFixture.paths()
    var report: CoverageCollector.Report?
    let elapsed = try seconds { report = try CoverageCollector(registered: [trafficGraph]).measure(paths) }
    precondition(report?.coverages.first?.steps == CoverageFixture.steps, "coverage counted \(report?.coverages.first?.steps ?? 0) steps")
    precondition(report?.coverages.first?.transitionFraction.covered == 4)
    CoverageFixture.note("coverage")
    return elapsed / Double(CoverageFixture.steps) * 1e9
  },
]

/// The coverage rows' trace files, written on first use and removed at exit.
enum CoverageFixture {
  static let files = 1_000, stepsPerFile = 1_000
  static var steps: Int { files * stepsPerFile }
  private static let written = Protected<[String]?>(nil)

  static func paths() throws -> [String] {
    if let paths = written.withLock({ $0 }) { return paths }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-bench-\(ProcessInfo.processInfo.processIdentifier)")
    let paths = try writeTrafficTraces(files: files, stepsPerFile: stepsPerFile, into: folder)
    atexit { try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("coverage-bench-\(ProcessInfo.processInfo.processIdentifier)")) }
    FileHandle.standardError.write(Data("coverage: \(files) files, \(steps) steps written; peak RSS \(peakResidentKilobytes() / 1024) MB\n".utf8))
    written.withLock { $0 = paths }
    return paths
  }

  /// Prints the peak RSS after a pass (it must not grow with the steps read).
  static func note(_ pass: String) {
    FileHandle.standardError.write(Data("coverage: peak RSS \(peakResidentKilobytes() / 1024) MB after a \(pass) pass\n".utf8))
  }
}

/// TrafficLight as data (the benchmark target does not build the runtime's graph).
let trafficGraph = SystemGraph(
  name: "TrafficLight", initial: "red",
  states: ["green", "red", "yellow"].map { StateNode(id: $0) },
  events: [EventNode(id: "emergency"), EventNode(id: "tick")],
  transitions: [
    TransitionEdge(id: TransitionID(0), from: "red", event: "tick", to: ["green"]),
    TransitionEdge(id: TransitionID(1), from: "green", event: "tick", to: ["yellow"]),
    TransitionEdge(id: TransitionID(2), from: "yellow", event: "tick", to: ["red"]),
    TransitionEdge(id: TransitionID(3), from: nil, event: "emergency", to: ["red"]),
  ],
  feedbacks: [FeedbackNode(name: "timer", watches: "every light", emits: ["tick"], strategy: "cancelOnNewState")])

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
        line(#""event":"emergency","eventNode":"emergency","fromNode":"\#(state)","kind":"event","stateAfter":"red","stateBefore":"\#(state)","toNode":"red","transition":3"#)
        state = "red"
      } else {
        let (target, transition) = next[state] ?? ("red", 0)
        line(#""effect":\#(effect),"event":"tick","eventNode":"tick","feedback":0,"kind":"effectEmitted""#)
        line(#""event":"tick","eventNode":"tick","feedback":0,"fromNode":"\#(state)","kind":"event","stateAfter":"\#(target)","stateBefore":"\#(state)","toNode":"\#(target)","transition":\#(transition)"#)
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

/// Peak resident set size of this process in kB (`VmHWM` in /proc/self/status), 0 where
/// there is no /proc.
func peakResidentKilobytes() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
  else { return 0 }
  return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
