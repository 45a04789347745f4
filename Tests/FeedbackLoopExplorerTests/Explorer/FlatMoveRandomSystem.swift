import FeedbackLoop
import FeedbackLoopExplorer

/// A small random system (seeded: the same on every run), for ``FlatMoveTests``: a state
/// table over `0..<n` and one to three feedbacks of random kinds, effects and strategies,
/// some disabled in some states, with random final, waiting and progress states, an
/// invariant, a property of moves, silent ends and bounds.
struct FlatMoveRandomSystem: Sendable, CustomStringConvertible {
  /// How a feedback decides.
  enum Kind: CaseIterable, Sendable {
    /// `skippingRepeated` on an `Int` (hashes by value).
    case hashable
    /// `skippingRepeated` on a ``FlatMoveSystems/Level`` (only compares).
    case equatable
    case firstValue
    /// `when` (level-triggered).
    case level
    /// `whenBecomesTrue` (edge-triggered).
    case edge
    /// `reacting`: its effect depends on the event too.
    case mealy
    /// Keyed requests (the general path).
    case keyed
    /// An input (a source: may emit at any time).
    case input
  }

  /// The effect a feedback starts.
  enum Shape: CaseIterable, Sendable { case none, task, stream, send }

  struct Plan: Sendable {
    var kind: Kind
    var shape: Shape
    /// The event its effects emit.
    var emits: Int
    /// Per state: the derived value (`nil`: none; a predicate holds where it is not `nil`).
    var values: [Int?]
    var cancels: Bool
    /// The states where it is disabled (empty: never).
    var disabled: Set<Int>
  }

  var table: [[Int]]  // table[state][event]
  var plans: [Plan]
  var final: Set<Int>
  var waiting: Set<Int>
  var progress: Set<Int>?
  /// A state the invariant forbids.
  var forbidden: Int?
  /// Whether the property "a feedback's event never lowers the state" is checked.
  var checksProperty: Bool
  /// Effects that may end silently: `nil` none, `[]` every feedback's, or the first's.
  var silent: [String]?
  var maxStates: Int
  var maxDepth: Int

  var states: Int { table.count }
  var events: Int { table[0].count }

  init(seed: UInt64) {
    var random = MeaningBruteForceTests.Seeded(state: seed)
    let states = 2 + random.next(4)
    let events = 1 + random.next(3)
    table = (0..<states).map { state in (0..<events).map { _ in random.next(100) < 40 ? state : random.next(states) } }
    plans = (0..<(1 + random.next(3))).map { _ in
      let kind = Kind.allCases[random.next(Kind.allCases.count)]
      // Mostly effects that run; an event sent at once now and then.
      let shape: Shape = random.next(100) < 10 ? .send : [.none, .task, .task, .stream][random.next(4)]
      return Plan(
        kind: kind, shape: shape, emits: random.next(events),
        values: (0..<states).map { _ in random.next(100) < 35 ? nil : random.next(3) }, cancels: random.next(2) == 0,
        disabled: random.next(100) < 25 ? random.subset(of: states, percent: 40) : [])
    }
    final = random.subset(of: states, percent: 20)
    waiting = random.subset(of: states, percent: 30)
    progress = random.next(2) == 0 ? random.subset(of: states, percent: 30) : nil
    forbidden = random.next(100) < 30 ? random.next(states) : nil
    checksProperty = random.next(2) == 0
    silent = [nil, nil, [], ["f0"]][random.next(4)]
    maxStates = random.next(100) < 20 ? 2 + random.next(8) : 2_000
    maxDepth = random.next(100) < 20 ? 1 + random.next(3) : .max
  }

  var description: String {
    let plans = plans.map {
      "\($0.kind) \($0.shape) emits \($0.emits) values \($0.values) cancels \($0.cancels) disabled \($0.disabled.sorted())"
    }
    return "table \(table), feedbacks \(plans), final \(final.sorted()), silent \(String(describing: silent))"
  }

  static func feedback(_ plan: Plan, named name: String) -> Feedback<Int, Int> {
    let (values, emits, shape) = (plan.values, plan.emits, plan.shape)
    let effect: @Sendable (Int) -> Effect<Int> = { _ in
      switch shape {
      case .none: .none
      case .task: .task { _ in emits }
      case .stream: .run { _, _ in }
      case .send: .send(emits)
      }
    }
    let feedback: Feedback<Int, Int> =
      switch plan.kind {
      case .hashable: Feedback.skippingRepeated(name, emits: [emits], { values[$0] }, effect: effect)
      case .equatable:
        Feedback.skippingRepeated(name, emits: [emits], { values[$0].map(FlatMoveSystems.Level.init) }) {
          effect($0.level)
        }
      case .firstValue: Feedback.firstValueAfterNil(name, emits: [emits], { values[$0] }, effect: effect)
      case .level: Feedback.when(name, emits: [emits], { values[$0] != nil }, effect: effect)
      case .edge: Feedback.whenBecomesTrue(name, emits: [emits], { values[$0] != nil }, effect: effect)
      case .mealy:
        Feedback.reacting(name, emits: [emits]) { state, event in (event ?? 0) % 2 == 0 ? effect(state) : .none }
      case .keyed:
        Feedback.requests(name, emits: [emits], { Set(values[$0].map { [$0, $0 + 1] } ?? []) }, effect: effect)
      case .input: Feedback.input(name, emits: [emits])
      }
    let strategy = feedback.strategy(plan.cancels ? .cancelOnNewState : .continueOnNewState)
    let disabled = plan.disabled
    return disabled.isEmpty ? strategy : strategy.disabled { disabled.contains($0) }
  }

  var system: System<Int, Int> {
    let table = table
    return System<Int, Int>(
      "Random", initial: 0, reduce: { (state: inout Int, event) in state = table[state][event] },
      feedbacks: plans.indices.map { Self.feedback(plans[$0], named: "f\($0)") })
  }

  var explorer: Explorer<Int, Int> {
    let (final, waiting) = (final, waiting)
    var explorer = Explorer(system, events: Array(0..<events), maxStates: maxStates, maxDepth: maxDepth)
      .final { final.contains($0) }
      .waits { waiting.contains($0) }
    if let progress { explorer = explorer.progress { progress.contains($0) } }
    if let forbidden { explorer = explorer.invariant("never \(forbidden)") { $0 != forbidden } }
    if checksProperty {
      explorer = explorer.property("a feedback's event never lowers the state") { before, move, after in
        if case .emitted = move { return after >= before }
        return true
      }
    }
    if let silent {
      explorer = silent.isEmpty ? explorer.effectsMayEndSilently() : explorer.effectsMayEndSilently(silent[0])
    }
    return explorer
  }
}
