import Foundation

// Each file in Benchmarks/ contributes one list of rows; add yours here.
let suites: [[Benchmark]] = [
  runtimeBenchmarks,
  transitionBenchmarks,
  testKitBenchmarks,
  renderBenchmarks,
  atlasBenchmarks,
  traceFigureBenchmarks,
  viewerBenchmarks,
  coverageBenchmarks,
  explorerBenchmarks,
  effectsExplorerBenchmarks,
  backpressureBenchmarks,
  asyncEffectBenchmarks,
  combineBenchmarks,
  mutationBenchmarks,
  watchBenchmarks,
]

let all = suites.joined()
let selection: BenchmarkSelection
do {
  selection = try BenchmarkSelection(arguments: Array(CommandLine.arguments.dropFirst()), rows: all.map(\.name))
} catch {
  FileHandle.standardError.write(Data("benchmarks: \(error)\n\n\(BenchmarkSelection.usage)\n".utf8))
  exit(2)
}
if selection.wantsHelp {
  print(BenchmarkSelection.usage)
  print("\nRows:")
  for benchmark in all { print("  \(benchmark.name)  (\(benchmark.unit))") }
  exit(0)
}
let asJSON = selection.asJSON
let nameWidth = max(28, (all.map(\.name.count).max() ?? 0) + 1)

let byName = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
var results: [BenchmarkResult] = []
for benchmark in all where selection.selects(benchmark.name) {
  var values: [Double] = []
  var ratios: [Double] = []
  let baseline = benchmark.pairedWith.flatMap { byName[$0] }
  do {
    for _ in 0..<benchmark.runs {
      let base = try baseline?.body()
      let value = try benchmark.body()
      values.append(value)
      if let base, base > 0 { ratios.append(value / base) }
    }
  } catch {
    FileHandle.standardError.write(Data("benchmark \(benchmark.name) failed: \(error)\n".utf8))
    exit(1)
  }
  let result = BenchmarkResult(
    name: benchmark.name, median: median(values), unit: benchmark.unit,
    pairedRatio: baseline.map { PairedRatio(baseline: $0.name, median: median(ratios)) })
  results.append(result)
  if !asJSON {
    let name = result.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
    print(
      "\(name) \(String(format: result.median < 0.1 ? "%14.6f" : "%14.3f", result.median)) \(result.unit)   (median of \(values.count))"
    )
  }
}

if asJSON {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  print(String(decoding: try encoder.encode(results), as: UTF8.self))
} else {
  RatioReport.print(results)
}
