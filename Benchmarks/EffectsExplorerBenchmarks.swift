import FeedbackLoop
import FeedbackLoopExplorer
import Foundation
import FeedbackLoopSupport

/// `explore.effects`: the explorer on a model with effects, where an explored state is the
/// system's state plus the feedback's memory and the effect in flight. An upload queue:
/// up to five files (of three) wait while one uploads; the `upload` feedback is
/// `skippingRepeated` on the upload's (number, attempt) and runs a `.task` that may emit
/// `uploaded` or `failed`; the queue waits for files when idle. Each run explores it all
/// and checks the count.
///
/// `explore.effects.vs-spin` runs SPIN on the same model in Promela
/// (``SpinAnchor/uploadQueue(capacity:)``) right before the explorer: the feedback's memory
/// and its task in flight are variables, the task a process whose two moves emit
/// `uploaded` or `failed`, each reduced and reacted to in one `d_step`. Both count the same
/// 65,540 states; the row prints states, states/s and bytes per state for both and returns
/// the ratio of the rates.
///
/// `explore.effects.large.vs-spin` does the same with room for 7 waiting files (590,420
/// states): SPIN's 65,540 states take it tens of milliseconds, so its rate there moves a
/// lot from run to run; on nine times the states both rates are steadier.
///
/// As the counters' SPIN rows, each pair row reports the median of five paired runs, and
/// its first call first runs both once, uncounted (a cold heap and `pan`'s compilation).
///
/// `explore.effects.final-checks` explores the same queue with and without final states
/// declared (`final(when:)` with a predicate no state satisfies: every check runs, none
/// finds anything), in turns, and returns the ratio of the times: what checking final
/// states costs. An unspecialized check per move or per node showed here as 1.15× and
/// more (the counters rows halved that way before 27 November).
/// `explore.effects.property-checks` does the same with a property of moves that holds
/// (the queue never holds more files than it has room for), and
/// `explore.effects.progress-checks` with progress states that every cycle passes (the
/// attempt back at 0): the non-progress cycle check runs over the whole graph, finds none.
let effectsExplorerBenchmarks: [Benchmark] = [
  Benchmark(name: "explore.effects", unit: "Mstates/s", runs: 3) {
    let (exploration, elapsed) = try UploadQueueModel.explore()
    return Double(exploration.stateCount) / elapsed / 1e6
  },
  Benchmark(name: "explore.effects.bytes", unit: "bytes/state (store)", runs: 1) {
    let (exploration, _) = try UploadQueueModel.explore()
    FileHandle.standardError.write(
      Data(
        "explore.effects: \(exploration.stateCount) states (\(exploration.systemStateCount) system states), \(exploration.transitionCount) transitions\n"
          .utf8))
    return Double(exploration.storeBytes) / Double(exploration.stateCount)
  },
  Benchmark(name: "explore.effects.final-checks", unit: "x the time without (paired runs)", runs: 6) {
    try UploadQueueModel.checkCost(.final)
  },
  Benchmark(name: "explore.effects.property-checks", unit: "x the time without (paired runs)", runs: 6) {
    try UploadQueueModel.checkCost(.property)
  },
  Benchmark(name: "explore.effects.progress-checks", unit: "x the time without (paired runs)", runs: 6) {
    try UploadQueueModel.checkCost(.progress)
  },
  Benchmark(name: "explore.effects.vs-spin", unit: "x SPIN's states/s (paired runs)", runs: 5) {
    try UploadQueueModel.versusSpin(capacity: UploadQueueModel.capacity)
  },
  Benchmark(name: "explore.effects.large.vs-spin", unit: "x SPIN's states/s (paired runs)", runs: 5) {
    try UploadQueueModel.versusSpin(capacity: UploadQueueModel.largeCapacity)
  },
]

extension UploadQueueModel {
  /// Queue sizes whose first, cold pair is behind them (see ``versusSpin(capacity:)``).
  private static let warmed = Protected<Set<Int>>([])

  /// Runs SPIN, then the explorer, on the upload queue with room for `capacity` waiting
  /// files; prints both runs' states, transitions, rates and bytes per state; returns the
  /// ratio of the rates. Throws if they count different states. The first call for a size
  /// first runs both once, uncounted.
  static func versusSpin(capacity: Int) throws -> Double {
    if warmed.withLock({ $0.insert(capacity).inserted }) {
      _ = SpinAnchor.uploadQueue(capacity: capacity).run()
      _ = try explore(capacity: capacity)
    }
    let spin = SpinAnchor.uploadQueue(capacity: capacity).run()
    let (exploration, elapsed) = try explore(capacity: capacity)
    let ours = Double(exploration.stateCount) / elapsed
    let bytes = Double(exploration.storeBytes) / Double(exploration.stateCount)
    let spinStates = spin.states.map(String.init) ?? "?"
    let spinBytes = spin.bytesPerState.map { String(format: "%.0f", $0) } ?? "?"
    FileHandle.standardError.write(
      Data(
        """
        upload queue of \(capacity): explorer \(exploration.stateCount) states, \(exploration.transitionCount) transitions, \
        \(String(format: "%.2f", ours / 1e6))M states/s, \(String(format: "%.0f", bytes)) bytes/state; \
        SPIN \(spinStates) states, \(spin.transitions.map(String.init) ?? "?") transitions, \
        \(String(format: "%.2f", spin.statesPerSecond / 1e6))M states/s, \(spinBytes) bytes/state (\(spin.note))

        """.utf8))
    if let states = spin.states, states != exploration.stateCount {
      throw ExplorerBenchmarkError.unexpected(
        "SPIN found \(states) states of the upload queue, the explorer \(exploration.stateCount)")
    }
    return ours / spin.statesPerSecond
  }
}

extension SpinAnchor {
  /// `explore.effects`' upload queue in Promela, with room for `capacity` (at most 7)
  /// waiting files.
  static func uploadQueue(capacity: Int) -> SpinAnchor {
    SpinAnchor(
      file: "upload-queue-\(capacity).pml",
      model: """
        /* The upload queue of explore.effects: the loop's state, the upload feedback's memory
           (skippingRepeated on (number, attempt)) and its task in flight. */
        short queue = 0;
        byte length = 0, current = 0, attempt = 0, number = 0, done = 0;
        bool memValid = false;
        byte memNumber = 0, memAttempt = 0;
        bool inflight = false;

        inline next() {
          number = (number + 1) % 4;
          attempt = 0;
          if
          :: length == 0 -> current = 0
          :: else -> current = queue & 3; queue = queue >> 2; length--
          fi
        }

        inline react() {
          if
          :: current == 0 ->
             if
             :: memValid -> memValid = false; memNumber = 0; memAttempt = 0; inflight = false
             :: else -> skip
             fi
          :: else ->
             if
             :: memValid && memNumber == number && memAttempt == attempt -> skip
             :: else -> memValid = true; memNumber = number; memAttempt = attempt; inflight = true
             fi
          fi
        }

        inline enqueue(file) {
          if
          :: current == 0 -> current = file; attempt = 0
          :: current != 0 && length < \(capacity) -> queue = queue | (file << (2 * length)); length++
          :: else -> skip
          fi;
          react()
        }

        active proctype outside() {
        end:
          do
          :: d_step { enqueue(1) }
          :: d_step { enqueue(2) }
          :: d_step { enqueue(3) }
          od
        }

        /* The upload feedback's task: in flight, it finishes and emits uploaded or failed. */
        active proctype upload() {
        end:
          do
          :: d_step { inflight -> inflight = false;
               if :: current != 0 -> done = (done + 1) % 5; next() :: else -> skip fi; react() }
          :: d_step { inflight -> inflight = false;
               if :: current != 0 -> if :: attempt < 2 -> attempt++ :: else -> next() fi :: else -> skip fi; react() }
          od
        }
        """,
      fallbackRate: 1.6e6, maxDepth: capacity > 5 ? 10_000_000 : 100_000)
  }
}

/// The upload queue of `explore.effects`.
enum UploadQueueModel {
  struct State: Hashable, Sendable {
    /// The waiting files, base 4, the first in the lowest digits (0: no file).
    var queue: UInt16 = 0
    var length: UInt8 = 0
    /// The file uploading (0: none).
    var current: UInt8 = 0
    var attempt: UInt8 = 0
    /// Uploads started, modulo 4: tells two uploads of the same file apart.
    var number: UInt8 = 0
    /// Files done, modulo 5.
    var done: UInt8 = 0
  }

  enum Event: Hashable, Sendable { case enqueue(UInt8), uploaded, failed }

  struct Key: Hashable, Sendable {
    var number: UInt8
    var attempt: UInt8
  }

  /// The waiting files `explore.effects` has room for.
  static let capacity = 5
  /// Room in `explore.effects.large.vs-spin`'s queue.
  static let largeCapacity = 7

  /// The explored states with room for `capacity` waiting files.
  static func expectedStates(capacity: Int) -> Int {
    capacity == largeCapacity ? 590_420 : 65_540
  }

  static func system(capacity: Int) -> System<State, Event> {
    System<State, Event>(
      "UploadQueue", initial: State(),
      reduce: { (state: inout State, event) in
        switch event {
        case .enqueue(let file):
          if state.current == 0 {
            state.current = file
            state.attempt = 0
          } else if state.length < capacity {
            state.queue |= UInt16(file) << (2 * UInt16(state.length))
            state.length += 1
          }
        case .uploaded:
          guard state.current != 0 else { return }
          state.done = (state.done + 1) % 5
          next(&state)
        case .failed:
          guard state.current != 0 else { return }
          if state.attempt < 2 { state.attempt += 1 } else { next(&state) }
        }
      },
      feedbacks: [
        Feedback.skippingRepeated(
          "upload", emits: [.uploaded, .failed],
          { $0.current == 0 ? nil : Key(number: $0.number, attempt: $0.attempt) }
        ) { _ in .task { _ in .uploaded } }
      ])
  }

  private static func next(_ state: inout State) {
    state.number = (state.number + 1) % 4
    state.attempt = 0
    guard state.length > 0 else {
      state.current = 0
      return
    }
    state.current = UInt8(state.queue & 3)
    state.queue >>= 2
    state.length -= 1
  }

  /// A check of the user's meaning that the explorer can be asked for on top.
  enum Check {
    /// Final states, none of them reachable: the checks run, nothing is final.
    case final
    /// A property of moves that holds.
    case property
    /// Progress states every cycle passes: the non-progress cycle check runs, finds none.
    case progress
  }

  /// Pairs run so far by the `-checks` rows (which form goes first).
  static let checkPairs = Protected(0)

  /// One paired run: the exploration with `check` and without, the one going first taking
  /// turns; the ratio of their times.
  static func checkCost(_ check: Check) throws -> Double {
    let checkedFirst = checkPairs.withLock { count in
      defer { count += 1 }
      return count % 2 == 0
    }
    let first = checkedFirst ? try explore(checking: check).1 : 0
    let without = try explore().1
    let checked = checkedFirst ? first : try explore(checking: check).1
    return checked / without
  }

  /// One full exploration and its wall-clock seconds; throws unless it visited exactly
  /// the model's explored states, with no finding. `checking`: a check asked for on top.
  static func explore(capacity: Int = capacity, checking: Check? = nil) throws -> (
    Exploration<State, Event>, Double
  ) {
    var explorer = Explorer(system(capacity: capacity), events: [.enqueue(1), .enqueue(2), .enqueue(3)]).waits {
      $0.current == 0
    }
    switch checking {
    case .final: explorer = explorer.final { _ in false }
    case .property:
      explorer = explorer.property("the queue never holds more files than it has room for") { _, _, after in
        Int(after.length) <= capacity
      }
    case .progress:
      // Only a new upload or a third failure sets the attempt back to 0, and each is on
      // every cycle (the attempt only grows otherwise): no cycle avoids it.
      explorer = explorer.progress { $0.attempt == 0 }
    case nil: break
    }
    var exploration: Exploration<State, Event>?
    let elapsed = seconds { exploration = explorer.run() }
    guard let exploration, exploration.isComplete, exploration.findings.isEmpty,
      exploration.stateCount == expectedStates(capacity: capacity)
    else {
      throw ExplorerBenchmarkError.unexpected(
        "upload queue: \(exploration?.stateCount ?? 0) states, \(exploration?.findings.count ?? 0) findings")
    }
    return (exploration, elapsed)
  }
}
