import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopExplorer
import Foundation
import FeedbackLoopSupport

/// The explorer rows.
///
/// `explore.counters` is the model of `anchors/counters.pml` (SPIN's anchor): two counters
/// 0…999 and a mode 0…2, events `incA` (while a < 999), `incB` (while b < 999), `nextMode`:
/// 3,000,000 states, 8,994,000 state-changing transitions. Each run explores it all and
/// checks those counts. SPIN 6.5.2 does it on this machine at 2.27M states/s with 231 MB
/// (`explore.counters.vs-spin` divides by that figure: above 1 is faster than SPIN).
///
/// Memory, two ways: `explore.counters.bytes` is computed from the visited store's
/// capacities (states, parent indices, choices, hash table) divided by the states;
/// `explore.counters.peak-MB` is measured: the peak RSS (`VmHWM`, reset before the run)
/// minus the RSS before it — everything the run allocated, at its peak.
let explorerBenchmarks: [Benchmark] = [
  Benchmark(name: "explore.counters", unit: "Mstates/s", runs: 3) {
    let (exploration, elapsed) = try CountersModel.explore()
    return Double(exploration.stateCount) / elapsed / 1e6
  },
  Benchmark(name: "explore.counters.vs-spin", unit: "x SPIN's states/s (paired runs)", runs: 5) {
    try CountersModel.pairedWithSpin("explore.counters.vs-spin", CountersModel.system)
  },
  Benchmark(name: "explore.counters.transitions", unit: "x SPIN's states/s (paired runs)", runs: 5) {
    try CountersModel.pairedWithSpin("explore.counters.transitions", CountersModel.transitionsSystem)
  },
  // What the table costs the explorer, SPIN aside: the same model as a reducer and as
  // `Transitions`, one run after the other, the first of the pair taking turns (above 1:
  // the table is slower).
  Benchmark(name: "explore.counters.transitions.vs-reducer", unit: "x the reducer's time (paired runs)", runs: 4) {
    let tableFirst = CountersModel.pairs.withLock { count in
      count += 1
      return count.isMultiple(of: 2)
    }
    let table = tableFirst ? try CountersModel.explore(CountersModel.transitionsSystem).1 : 0
    let (_, reducer) = try CountersModel.explore()
    let later = tableFirst ? table : try CountersModel.explore(CountersModel.transitionsSystem).1
    return later / reducer
  },
  Benchmark(name: "explore.counters.bytes", unit: "bytes/state (store)", runs: 1) {
    let (exploration, _) = try CountersModel.explore()
    return Double(exploration.storeBytes) / Double(exploration.stateCount)
  },
  Benchmark(name: "explore.counters.peak-MB", unit: "MB peak RSS delta (SPIN: 231)", runs: 1) {
    releaseFreedMemory()  // what earlier rows freed must not count as "before"
    let before = residentKilobytes()
    guard resetPeakResident() else { throw ExplorerBenchmarkError.noPeakReset }
    let peak: Int = try {
      let (exploration, _) = try CountersModel.explore()
      blackHole(exploration)
      return peakResidentKilobytes()
    }()
    let megabytes = Double(peak - before) / 1024
    FileHandle.standardError.write(
      Data(
        "explore.counters: peak RSS delta \(Int(megabytes)) MB = \(Int(Double(peak - before) * 1024 / 3e6)) bytes/state\n"
          .utf8))
    return megabytes
  },
  Benchmark(name: "explore.signin", unit: "ms", runs: 5) {
    var exploration: Exploration<SignIn.State, SignIn.Event>?
    let elapsed = seconds { exploration = SignInModel.explorer.run() }
    guard let exploration, exploration.isComplete, exploration.stateCount == SignInModel.expectedStates else {
      throw ExplorerBenchmarkError.unexpected("SignIn: \(exploration?.stateCount ?? 0) states")
    }
    return elapsed * 1e3
  },
]

enum ExplorerBenchmarkError: Error {
  case unexpected(String)
  case noPeakReset
}

/// The anchor model, as a plain reducer.
enum CountersModel {
  struct State: Hashable, Sendable {
    var a: Int16 = 0
    var b: Int16 = 0
    var mode: UInt8 = 0
  }

  enum Event: Sendable { case incA, incB, nextMode }

  static let system = System<State, Event>("Counters", initial: State()) { state, event in
    switch event {
    case .incA: if state.a < 999 { state.a += 1 }
    case .incB: if state.b < 999 { state.b += 1 }
    case .nextMode: state.mode = (state.mode + 1) % 3
    }
  }

  /// The same model as a `Transitions` table: guarded, computed self-transitions from any
  /// state (the `explore.counters.transitions` row).
  static let transitionsSystem = System<State, Event>("Counters", initial: State()) {
    Transitions {
      Transition(from: .any, on: .incA, label: "a + 1") { state, _ in
        var next = state
        next.a += 1
        return next
      }
      .guarded("a < 999") { state, _ in state.a < 999 }
      Transition(from: .any, on: .incB, label: "b + 1") { state, _ in
        var next = state
        next.b += 1
        return next
      }
      .guarded("b < 999") { state, _ in state.b < 999 }
      Transition(from: .any, on: .nextMode, label: "(mode + 1) % 3") { state, _ in
        var next = state
        next.mode = (state.mode + 1) % 3
        return next
      }
    }
  }

  /// Pairs run so far by `explore.counters.transitions.vs-reducer` (which form goes first).
  static let pairs = Protected(0)

  /// Rows (by name) whose first, cold run is behind them: see ``pairedWithSpin(_:_:)``.
  private static let warmed = Protected<Set<String>>([])

  /// One paired run: SPIN on the anchor model, then the explorer on `system`; the ratio of
  /// their states per second (above 1: the explorer is faster). A row's first call first
  /// runs both once, uncounted: the first exploration in a process meets a cold heap (its
  /// arrays and table fault in fresh pages) and ran 15–30% slower than the next ones, and
  /// SPIN's first run follows the compilation of `pan`.
  static func pairedWithSpin(_ row: String, _ system: System<State, Event>) throws -> Double {
    if warmed.withLock({ $0.insert(row).inserted }) {
      _ = SpinAnchor.counters.run()
      _ = try explore(system)
    }
    let spin = SpinAnchor.counters.run()
    let (exploration, elapsed) = try explore(system)
    let ours = Double(exploration.stateCount) / elapsed
    FileHandle.standardError.write(
      Data("\(row): explorer \(String(format: "%.2f", ours / 1e6))M states/s, \(spin.note)\n".utf8))
    return ours / spin.statesPerSecond
  }

  /// One full exploration and its wall-clock seconds; throws unless it visited exactly
  /// the model's states and transitions. Every state is final, as every state of the SPIN
  /// model is a valid end state (`end:`): the explorer also checks each move for leaving a
  /// final state, which SPIN does not (and finds that every move does).
  static func explore(_ system: System<State, Event> = system) throws -> (Exploration<State, Event>, Double) {
    let explorer = Explorer(system, events: [.incA, .incB, .nextMode], maxStates: 4_000_000).final { _ in true }
    var exploration: Exploration<State, Event>?
    let elapsed = seconds { exploration = explorer.run() }
    guard let exploration, exploration.isComplete, exploration.stateCount == 3_000_000,
      exploration.transitionCount == 8_994_000
    else {
      throw ExplorerBenchmarkError.unexpected(
        "counters: \(exploration?.stateCount ?? 0) states, \(exploration?.transitionCount ?? 0) transitions")
    }
    return (exploration, elapsed)
  }
}

/// SignIn with two sample values per field.
enum SignInModel {
  static let expectedStates = 9
  static let explorer = Explorer(
    SignIn.system(),
    events: [
      .emailChanged(""), .emailChanged("ada@example.com"), .passwordChanged("short"),
      .passwordChanged("correct horse"), .submit,
    ],
    feedbackEvents: [.succeeded(user: "ada"), .rejected("wrong password")]
  )
  .final { if case .signedIn = $0 { true } else { false } }
}

/// Resident set size of this process in kB (`VmRSS`), 0 where there is no /proc.
func residentKilobytes() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
  else { return 0 }
  return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
/// Returns the heap's free memory to the system (glibc's `malloc_trim(0)`, which the
/// Glibc module does not export), so that RSS deltas measure live memory only.
func releaseFreedMemory() {
  #if os(Linux)
    _ = glibcMallocTrim(0)
  #endif
}

#if os(Linux)
  @_silgen_name("malloc_trim")
  private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
