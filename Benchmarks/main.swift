import Foundation

// Each file in Benchmarks/ contributes one list of rows; add yours here.
let suites: [[Benchmark]] = [
  runtimeBenchmarks,
  testKitBenchmarks,
  renderBenchmarks,
  coverageBenchmarks,
  explorerBenchmarks,
]

let arguments = CommandLine.arguments.dropFirst()
let asJSON = arguments.contains("--json")
let filters = arguments.filter { !$0.hasPrefix("--") }

let byName = Dictionary(suites.joined().map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
var results: [BenchmarkResult] = []
for benchmark in suites.joined() where filters.isEmpty || filters.contains(where: { benchmark.name.hasPrefix($0) }) {
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
    let name = result.name.padding(toLength: 28, withPad: " ", startingAt: 0)
    print("\(name) \(String(format: result.median < 0.1 ? "%14.6f" : "%14.3f", result.median)) \(result.unit)   (median of \(values.count))")
  }
}

if asJSON {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  print(String(decoding: try encoder.encode(results), as: UTF8.self))
} else {
  RatioReport.print(results)
}
