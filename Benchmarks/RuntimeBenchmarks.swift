let runtimeBenchmarks: [Benchmark] = []
