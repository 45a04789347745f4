import FeedbackLoop

/// The runtime's rows: the raw reducer (the physical limit), a full feedback cycle, and an
/// external send.
let runtimeBenchmarks: [Benchmark] = [
  Benchmark(name: "reducer.closure", unit: "ns/call") {
    let reduce = opaque { (state: inout Int, _: RuntimeEvent) in state &+= 1 }
    let count = 10_000_000
    var state = 0
    let elapsed = seconds {
      for _ in 0..<count { reduce(&state, .increment) }
    }
    blackHole(state)
    return elapsed / Double(count) * 1e9
  },
  Benchmark(name: "loop.feedback-cycle", unit: "ns/cycle") {
    let count = 1_000_000
    var finalState = 0
    let elapsed = seconds {
      let loop = Loop(feedbackChain(limit: count))
      finalState = loop.state
    }
    precondition(finalState == count, "feedback chain stopped at \(finalState)")
    return elapsed / Double(count) * 1e9
  },
  Benchmark(name: "loop.send", unit: "ns/event") {
    let count = 1_000_000
    let loop = Loop(System<Int, RuntimeEvent>(initial: 0, reduce: { state, _ in state &+= 1 }))
    let elapsed = seconds {
      for _ in 0..<count { loop.send(.increment) }
    }
    precondition(loop.state == count)
    return elapsed / Double(count) * 1e9
  },
]

/// Hides a closure from the optimizer so that calls through it are real calls.
@inline(never)
func opaque(_ reduce: @escaping @Sendable (inout Int, RuntimeEvent) -> Void)
  -> @Sendable (inout Int, RuntimeEvent) -> Void
{
  reduce
}

enum RuntimeEvent: Hashable, Sendable { case increment }

/// state → feedback → event → reduce, `limit` times, all synchronous.
func feedbackChain(limit: Int) -> System<Int, RuntimeEvent> {
  System(initial: 0) {
    Reducer { state, _ in state &+= 1 }
    Feedback("next") { (state: Int) -> Effect<RuntimeEvent> in
      state < limit ? .send(.increment) : .none
    }
  }
}
