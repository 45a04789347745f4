import Foundation

// Each file in Benchmarks/ contributes one list of rows; add yours here.
let suites: [[Benchmark]] = [
  runtimeBenchmarks,
  testKitBenchmarks,
  renderBenchmarks,
]

let arguments = CommandLine.arguments.dropFirst()
let asJSON = arguments.contains("--json")
let filters = arguments.filter { !$0.hasPrefix("--") }

var results: [BenchmarkResult] = []
for benchmark in suites.joined() where filters.isEmpty || filters.contains(where: { benchmark.name.hasPrefix($0) }) {
  var values: [Double] = []
  do {
    for _ in 0..<benchmark.runs { values.append(try benchmark.body()) }
  } catch {
    FileHandle.standardError.write(Data("benchmark \(benchmark.name) failed: \(error)\n".utf8))
    exit(1)
  }
  let result = BenchmarkResult(name: benchmark.name, median: median(values), unit: benchmark.unit)
  results.append(result)
  if !asJSON {
    let name = result.name.padding(toLength: 28, withPad: " ", startingAt: 0)
    print("\(name) \(String(format: "%14.3f", result.median)) \(result.unit)   (median of \(values.count))")
  }
}

if asJSON {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  print(String(decoding: try encoder.encode(results), as: UTF8.self))
} else {
  RatioReport.print(results)
}
