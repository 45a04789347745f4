import FeedbackLoop
import FeedbackLoopExplorer

/// Small systems whose feedbacks take every branch of the moves by snapshot-list index
/// (`ExplorationEngine+Flat.swift`) and of their fallbacks to the general path, for
/// ``FlatMoveTests``.
enum FlatMoveSystems {
  /// A level 0…2 the outside bumps, a busy flag it toggles, a count 0…1 a tick flips.
  struct Bench: Hashable, Sendable {
    var level = 0
    var busy = false
    var count = 0
  }

  enum BenchEvent: Hashable, Sendable { case bump, toggle, tick, done }

  /// A level as a remembered value that only compares (not `Hashable`): lists holding it
  /// are filed under their node's state, and moves to them are not remembered.
  struct Level: Equatable, Sendable { var level: Int }

  typealias BenchFeedback = Feedback<Bench, BenchEvent>

  static func bench(_ feedbacks: [BenchFeedback]) -> System<Bench, BenchEvent> {
    System<Bench, BenchEvent>(
      "Bench", initial: Bench(),
      reduce: { (state: inout Bench, event) in
        switch event {
        case .bump: state.level = (state.level + 1) % 3
        case .toggle: state.busy.toggle()
        case .tick: state.count = (state.count + 1) % 2
        case .done: state.busy = false
        }
      }, feedbacks: feedbacks)
  }

  static func explorer(_ feedbacks: BenchFeedback...) -> Explorer<Bench, BenchEvent> {
    Explorer(bench(feedbacks), events: [.bump, .toggle]).waits { _ in true }
  }

  // The feedbacks, by kind.

  /// `skippingRepeated` on a `Hashable` level while busy, starting `effect`.
  static func watchHashable(_ effect: Effect<BenchEvent>, _ strategy: ExecutionStrategy) -> BenchFeedback {
    Feedback.skippingRepeated("watch", emits: [.done, .tick], { $0.busy ? $0.level : nil }) { _ in effect }
      .strategy(strategy)
  }

  /// `skippingRepeated` on a ``Level`` (only `Equatable`) while busy, starting `effect`.
  static func watchEquatable(_ effect: Effect<BenchEvent>, _ strategy: ExecutionStrategy) -> BenchFeedback {
    Feedback.skippingRepeated("watchLevel", emits: [.done, .tick], { $0.busy ? Level(level: $0.level) : nil }) { _ in
      effect
    }
    .strategy(strategy)
  }

  /// `skippingRepeated` on a `Double` while busy: the level, signed by the count, so that
  /// level 0 is `0.0` or `-0.0`, equal values with different bytes (a small value is kept
  /// in its bytes, compared by its type's `==`).
  static func watchSigned(_ effect: Effect<BenchEvent>, _ strategy: ExecutionStrategy) -> BenchFeedback {
    Feedback.skippingRepeated(
      "watchSigned", emits: [.done, .tick],
      { state -> Double? in
        state.busy ? Double(state.level) * (state.count == 0 ? 1 : -1) : nil
      }
    ) { _ in effect }
    .strategy(strategy)
  }

  /// `skippingRepeated` on a `String` while busy (a value kept in a box).
  static func watchBoxed(_ effect: Effect<BenchEvent>, _ strategy: ExecutionStrategy) -> BenchFeedback {
    Feedback.skippingRepeated("watchBoxed", emits: [.done, .tick], { $0.busy ? "level \($0.level)" : nil }) { _ in
      effect
    }
    .strategy(strategy)
  }

  /// `firstValueAfterNil` on the level while busy.
  static func first(_ effect: Effect<BenchEvent>, _ strategy: ExecutionStrategy) -> BenchFeedback {
    Feedback.firstValueAfterNil("first", emits: [.tick], { $0.busy ? $0.level : nil }) { _ in effect }
      .strategy(strategy)
  }

  /// `when` (level-triggered) on level 1.
  static func whenOne(_ effect: Effect<BenchEvent>, _ strategy: ExecutionStrategy) -> BenchFeedback {
    Feedback.when("whenOne", emits: [.tick, .bump], { $0.level == 1 }) { _ in effect }.strategy(strategy)
  }

  /// `whenBecomesTrue` (edge-triggered) on busy.
  static func edge(_ effect: Effect<BenchEvent>, _ strategy: ExecutionStrategy) -> BenchFeedback {
    Feedback.whenBecomesTrue("edge", emits: [.tick, .done], { $0.busy }) { _ in effect }.strategy(strategy)
  }

  /// A Mealy feedback: a task after a bump, nothing after a toggle, a stream after a tick.
  static let mealy = BenchFeedback.reacting("mealy", emits: [.tick, .done]) { _, event in
    switch event {
    case .bump?: .task { _ in .tick }
    case .tick?: .run { _, _ in }
    default: .none
    }
  }

  /// A feedback for every state: a task at level 2, nothing elsewhere.
  static func everyState(_ strategy: ExecutionStrategy) -> BenchFeedback {
    BenchFeedback("every", emits: [.tick]) { state in state.level == 2 ? .task { _ in .tick } : .none }
      .strategy(strategy)
  }

  /// A feedback that sends `.tick` at once at level 2 (the general path queues it).
  static let sendsAtOnce = Feedback.when("sender", { (state: Bench) in state.level == 2 && state.count == 0 }) {
    _ in Effect<BenchEvent>.send(.tick)
  }

  /// Keyed requests: one per level below the current one (the general path keeps them).
  static func requests(_ strategy: ExecutionStrategy) -> BenchFeedback {
    Feedback.requests("jobs", emits: [.done], { Set(0..<$0.level) }) { _ in .task { _ in .done } }.strategy(strategy)
  }

  /// An input that may bump at any time.
  static let input = BenchFeedback.input("keys", emits: [.bump])

  /// A feedback attached to a mediator: it publishes the level and toggles on a value.
  static let peer = Feedback.attach(
    "peer", to: Mediator<Int>("levels"), emits: [.toggle], publish: { (state: Bench) in state.level },
    receive: { _ in BenchEvent.toggle })

  static let task = Effect<BenchEvent>.task { _ in .done }
  static let stream = Effect<BenchEvent>.run { _, _ in }
  static let tickTask = Effect<BenchEvent>.task { _ in .tick }

  /// A fetch with declared transitions: an attempt that fails once computes a state its
  /// transition does not declare, `load` is ignored while loading, and a retry stream runs
  /// while failed.
  enum Phase: Hashable, Sendable { case idle, loading(attempt: Int), loaded, failed }
  enum PhaseEvent: Hashable, Sendable { case load, loaded, failed, retry, reset }

  static let fetcher = System<Phase, PhaseEvent>("Fetcher", initial: .idle) {
    Transitions {
      Transition(from: .idle, on: .load, to: .loading(attempt: 0))
      Transition(from: .case("loading"), on: .loaded, to: .loaded)
      Transition(from: .case("loading"), on: .failed, label: "fail", targets: [.value(.failed)]) { state, _ in
        guard case .loading(let attempt) = state, attempt < 1 else { return .failed }
        return .loading(attempt: attempt + 1)
      }
      Transition(from: .failed, on: .retry, to: .loading(attempt: 0))
      Transition(from: .loaded, on: .reset, to: .idle)
    }
    Feedbacks {
      Feedback.skippingRepeated(
        "fetch", emits: [.loaded, .failed],
        { (state: Phase) -> Int? in if case .loading(let attempt) = state { attempt } else { nil } }
      ) { _ in .task { _ in .loaded } }
      Feedback.when("retrier", emits: [.retry], { $0 == .failed }) { _ in .run { _, _ in } }
    }
  }
}
