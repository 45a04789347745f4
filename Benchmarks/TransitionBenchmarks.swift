import FeedbackLoop
import Foundation

/// The `Transitions` table against the same machine written as a `switch` reducer, each
/// transitions row run in pairs with `loop.send.switch` (issue 21: each ≤ 1.5× the switch).
///
/// - `loop.send.switch`: a three-colour light, `switch (state, event)` in a reduce closure;
/// - `loop.send.observed`: the same, with one `observe` registered;
/// - `loop.send.transitions-value`: the same light, `Transition(from: .red, on: .tick, …)`;
/// - `loop.send.transitions-case`: the same light, `.case("red")` / `.case("tick")` patterns;
/// - `loop.send.transitions-large-24`/`-240`: `.case("sN") → sN+1` for every case of a 24- and
///   a 240-case enum, plus one `.any` reset: the per-event cost must not grow with the table.
let transitionBenchmarks: [Benchmark] = [
  Benchmark(name: "loop.send.switch", unit: "ns/event") {
    sendTicks(SendLight.switchSystem)
  },
  // The switch light with one observer: what publishing each state before observers are
  // told of it costs (a lock per event, taken only by loops with observers).
  Benchmark(name: "loop.send.observed", unit: "ns/event", pairedWith: "loop.send.switch") {
    sendTicks(SendLight.switchSystem, observed: true)
  },
  Benchmark(name: "loop.send.transitions-value", unit: "ns/event", pairedWith: "loop.send.switch") {
    sendTicks(SendLight.valueSystem)
  },
  Benchmark(name: "loop.send.transitions-case", unit: "ns/event", pairedWith: "loop.send.switch") {
    sendTicks(SendLight.caseSystem)
  },
  Benchmark(name: "loop.send.transitions-large-24", unit: "ns/event", pairedWith: "loop.send.switch") {
    sendTicks(largeSystem(Large24.self))
  },
  Benchmark(name: "loop.send.transitions-large-240", unit: "ns/event", pairedWith: "loop.send.switch") {
    sendTicks(largeSystem(Large240.self))
  },
]

enum SendLight: Hashable, Sendable {
  case red, green, yellow

  enum Signal: Hashable, Sendable { case tick, emergency }

  static let switchSystem = System<SendLight, Signal>("Light", initial: .red) { state, event in
    switch (state, event) {
    case (.red, .tick): state = .green
    case (.green, .tick): state = .yellow
    case (.yellow, .tick): state = .red
    case (_, .emergency): state = .red
    }
  }

  static let valueSystem = System<SendLight, Signal>("Light", initial: .red) {
    Transitions {
      Transition(from: .red, on: .tick, to: .green)
      Transition(from: .green, on: .tick, to: .yellow)
      Transition(from: .yellow, on: .tick, to: .red)
      Transition(from: .any, on: .emergency, to: .red)
    }
  }

  static let caseSystem = System<SendLight, Signal>("Light", initial: .red) {
    Transitions {
      Transition(from: .case("red"), on: .case("tick"), to: .green)
      Transition(from: .case("green"), on: .case("tick"), to: .yellow)
      Transition(from: .case("yellow"), on: .case("tick"), to: .red)
      Transition(from: .any, on: .case("emergency"), to: .red)
    }
  }
}

/// `.case("sN")` on `.tick` to the next case, for every case, and `.any` on `.emergency` to
/// the first.
func largeSystem<State: CaseIterable & Hashable & Sendable>(_ type: State.Type) -> System<State, SendLight.Signal>
where State.AllCases == [State] {
  let states = State.allCases
  return System<State, SendLight.Signal>(initial: states[0]) {
    Transitions {
      for (index, state) in states.enumerated() {
        Transition(from: .case("\(state)"), on: .tick, to: states[(index + 1) % states.count])
      }
      Transition(from: .any, on: .emergency, to: states[0])
    }
  }
}

/// Sends a million ticks (and an emergency every 1,000) to a new loop; ns per event.
func sendTicks<State>(_ system: System<State, SendLight.Signal>, observed: Bool = false) -> Double {
  let count = 1_000_000
  let loop = Loop(system)
  let observation = observed ? loop.observe { blackHole($0) } : nil
  defer { observation?.cancel() }
  let elapsed = seconds {
    for index in 0..<count { loop.send(index % 1_000 == 999 ? .emergency : .tick) }
  }
  blackHole(loop.state)
  return elapsed / Double(count) * 1e9
}
