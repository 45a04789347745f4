import FeedbackDiagram
import FeedbackGraph
import FeedbackLoopExamples
import Foundation
import FeedbackLoopSupport

/// The diagram rows: example figures in process, a large machine, and `dot` as a process.
let renderBenchmarks: [Benchmark] = [
  Benchmark(name: "render.examples", unit: "ms/figure") {
    let graphs = ExampleCatalog.graphs
    let figures = graphs.count * Figure.allCases.count
    return seconds {
      for graph in graphs {
        for figure in Figure.allCases { blackHole(try! Diagram.render(graph, figure: figure, as: .svg)) }
      }
    } / Double(figures) * 1000
  },
  Benchmark(name: "render.large", unit: "s", runs: 3) {
    let graph = largeMachine(states: 200, transitions: 600)
    return try seconds { blackHole(try Diagram.render(graph, figure: .states, as: .svg)) }
  },
  Benchmark(name: "render.dot-cli", unit: "ms/figure") {
    let dot = Diagram.dot(TrafficLight.system.graph, figure: .states)
    let runs = 10
    return try seconds {
      for _ in 0..<runs {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["dot", "-Tsvg"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(dot.utf8))
        try input.fileHandleForWriting.close()
        blackHole(output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
      }
    } / Double(runs) * 1000
  },
  renderLeakBenchmark,
  renderLeakStatesBenchmark,
  renderLeakHTMLLineBenchmark,
  renderLeakCycleBenchmark,
  renderLeakAcyclicBenchmark,
]

/// A machine of `states` states and `transitions` labelled transitions, from a fixed seed.
func largeMachine(states: Int, transitions: Int) -> SystemGraph {
  var random = SplitMix64(seed: 200)
  let names = (0..<states).map { "state\($0)" }
  let edges = (0..<transitions).map { index in
    TransitionEdge(
      id: TransitionID(index), from: names[Int(random.next() % UInt64(states))], event: "event\(index % 40)",
      to: [names[Int(random.next() % UInt64(states))]], label: "step \(index)")
  }
  return SystemGraph(
    name: "Large", initial: names[0], states: names.map { StateNode(id: $0) },
    events: (0..<40).map { EventNode(id: "event\($0)") }, transitions: edges)
}

/// Memory kept per render: Movies' two figures rendered 10,000 times in one process after
/// 500 warm-up renders (fonts and caches loaded); the growth of the resident set divided by
/// the renders. Target: at most 100 bytes per render — not reachable with Graphviz 2.42 for
/// figures with HTML-like labels. Everything of ours is freed (graph, layout, render data);
/// valgrind on a C program calling libgvc directly shows what Graphviz keeps:
/// - for each `<b>`, the text and attribute list of `pango_parse_markup` (~280 bytes): the
///   figures now name the bold face instead (`BoldText`), which took Movies' states figure
///   from ~2,100 to ~360 bytes per render;
/// - for each line of HTML-like text, part of what `htmlparse` allocates (~80 bytes):
///   `render.leak.html-line` measures one such line, the floor of any legend or loop node;
/// - for each edge that dot's cycle breaking reverses without an opposite edge to merge it
///   with, the virtual edge it makes (~400 bytes, `render.leak.cycle`);
/// - with plain labels and no cycle, nothing (`render.leak.plain-acyclic`): our side frees
///   everything it allocates.
let renderLeakBenchmark = Benchmark(name: "render.leak", unit: "bytes/render", runs: 1) {
  try residentGrowthPerRender(
    row: "render.leak", dots: Figure.allCases.map { Diagram.dot(Movies.system().graph, figure: $0) })
}

/// `render.leak` for the states figure alone (plain name labels, one HTML-like legend).
let renderLeakStatesBenchmark = Benchmark(name: "render.leak.states", unit: "bytes/render", runs: 1) {
  try residentGrowthPerRender(row: "render.leak.states", dots: [Diagram.dot(Movies.system().graph, figure: .states)])
}

/// One node whose label is one line of HTML-like text: what Graphviz 2.42 keeps per line.
let renderLeakHTMLLineBenchmark = Benchmark(name: "render.leak.html-line", unit: "bytes/render", runs: 1) {
  try residentGrowthPerRender(row: "render.leak.html-line", dots: ["digraph { a [label=<one line>]; }\n"])
}

/// A three-state cycle with plain labels: what dot's cycle breaking (`acyclic`, which
/// reverses an edge of each cycle and never frees the virtual edge it makes) keeps.
let renderLeakCycleBenchmark = Benchmark(name: "render.leak.cycle", unit: "bytes/render", runs: 1) {
  try residentGrowthPerRender(
    row: "render.leak.cycle", dots: [#"digraph { a -> b [label="x"]; b -> c [label="y"]; c -> a [label="z"]; }"# + "\n"]
  )
}

/// The same three states and labels without the cycle: what our renderer keeps once
/// Graphviz keeps nothing (the floor: the graph, layout and render data are freed).
let renderLeakAcyclicBenchmark = Benchmark(name: "render.leak.plain-acyclic", unit: "bytes/render", runs: 1) {
  try residentGrowthPerRender(
    row: "render.leak.plain-acyclic",
    dots: [#"digraph { a -> b [label="x"]; b -> c [label="y"]; a -> c [label="z"]; }"# + "\n"]
  )
}

/// Renders `dots` 500 times to warm up, then `RENDER_LEAK_RENDERS` (10,000) times; the
/// growth of the resident set per render, in bytes — measured in a fresh process (this
/// executable again, running only `row`): after earlier rows have freed memory, a leak
/// fills those pages first and the resident set does not move (a full run read 0 bytes
/// where the row run alone read 659).
func residentGrowthPerRender(row: String, dots: [String]) throws -> Double {
  guard ProcessInfo.processInfo.environment["FEEDBACKLOOP_LEAK_ROW"] == row else {
    return try leakInFreshProcess(row: row)
  }
  func render(_ count: Int) throws {
    for index in 0..<count {
      blackHole(try GraphvizRenderer.shared.render(dot: dots[index % dots.count], format: "svg"))
    }
  }
  try render(500)
  let before = residentKilobytes()
  let renders = Int(ProcessInfo.processInfo.environment["RENDER_LEAK_RENDERS"] ?? "") ?? 10_000
  try render(renders)
  return Double(max(0, residentKilobytes() - before) * 1024) / Double(renders)
}

/// Runs this executable for `row` alone and reads the row's value from its output.
func leakInFreshProcess(row: String) throws -> Double {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = [row]
  var environment = ProcessInfo.processInfo.environment
  environment["FEEDBACKLOOP_LEAK_ROW"] = row
  process.environment = environment
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  try process.run()
  let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  guard
    let line = text.split(separator: "\n").first(where: { $0.hasPrefix(row + " ") }),
    let value = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
  else { throw LeakRowError.noValue(row: row, output: text) }
  return value
}

enum LeakRowError: Error {
  case noValue(row: String, output: String)
}
