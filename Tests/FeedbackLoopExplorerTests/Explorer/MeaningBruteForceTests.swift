import FeedbackLoop
import FeedbackLoopExplorer
import Testing

/// The final-state and progress findings against a brute-force search over small random
/// systems (seeded): a state table over `0..<n` with random final, waiting and progress
/// states, alone or with one `whenBecomesTrue` feedback whose `.task` emits one event. The
/// oracle below is a plain breadth-first search over (state, the feedback's flag, tasks in
/// flight) written from the runtime's documented rules, not the explorer's code.
@Suite struct MeaningBruteForceTests {
  /// A random system and what the user marked.
  struct Random: Sendable {
    var table: [[Int]]  // table[state][event]
    var final: Set<Int>
    var waiting: Set<Int>
    var progress: Set<Int>
    /// The feedback: the states it watches, the event its task emits, its strategy.
    var feedback: (watches: Set<Int>, emits: Int, cancels: Bool)?

    var states: Int { table.count }
    var events: Int { table[0].count }

    var system: System<Int, Int> {
      let table = table
      guard let feedback else {
        return System<Int, Int>("Random", initial: 0) { state, event in state = table[state][event] }
      }
      let watches = feedback.watches
      let emits = feedback.emits
      return System<Int, Int>(
        "Random", initial: 0, reduce: { (state: inout Int, event) in state = table[state][event] },
        feedbacks: [
          Feedback.whenBecomesTrue("work", emits: [emits], { watches.contains($0) }) { _ in .task { _ in emits } }
            .strategy(feedback.cancels ? .cancelOnNewState : .continueOnNewState)
        ])
    }

    var explorer: Explorer<Int, Int> {
      let (final, waiting, progress) = (final, waiting, progress)
      return Explorer(system, events: Array(0..<events))
        .final { final.contains($0) }
        .waits { waiting.contains($0) }
        .progress { progress.contains($0) }
    }
  }

  /// SplitMix64, for systems that are the same on every run.
  struct Seeded {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
    mutating func subset(of count: Int, percent: Int) -> Set<Int> {
      Set((0..<count).filter { _ in next(100) < percent })
    }
  }

  static func random(seed: UInt64, withFeedback: Bool) -> Random {
    var random = Seeded(state: seed)
    let states = 2 + random.next(5)
    let events = 1 + random.next(3)
    // Mostly staying put, so final states are often left alone and cycles are not everywhere.
    let table = (0..<states).map { state in
      (0..<events).map { _ in random.next(100) < 45 ? state : random.next(states) }
    }
    let feedback =
      withFeedback
      ? (watches: random.subset(of: states, percent: 40), emits: random.next(events), cancels: random.next(2) == 0)
      : nil
    return Random(
      table: table, final: random.subset(of: states, percent: 25), waiting: random.subset(of: states, percent: 20),
      progress: random.subset(of: states, percent: 20), feedback: feedback)
  }

  /// An explored state of the oracle.
  struct Node: Hashable {
    var state: Int
    var flag = false
    var tasks = 0
  }

  /// What the oracle expects: the length of the shortest path of each finding (`nil`: none).
  struct Expected: Equatable {
    var finalLeft: Int?
    var effectAtEnd: Int?
    var nonProgress: Int?
  }

  /// The brute-force search.
  static func oracle(_ system: Random) -> Expected {
    func react(_ node: Node) -> Node {
      guard let feedback = system.feedback else { return node }
      var node = node
      let now = feedback.watches.contains(node.state)
      defer { node.flag = now }
      if !node.flag, now {
        if feedback.cancels { node.tasks = 0 }
        node.tasks = min(node.tasks + 1, 3)
      } else if node.flag, !now, feedback.cancels {
        node.tasks = 0
      }
      node.flag = now
      return node
    }
    // The moves of a node: (leaves a final state, next node).
    func moves(_ node: Node) -> [(leavesFinal: Bool, next: Node)] {
      var result: [(Bool, Node)] = []
      for event in 0..<system.events {
        var next = node
        next.state = system.table[node.state][event]
        result.append((system.final.contains(node.state) && next.state != node.state, react(next)))
      }
      if let feedback = system.feedback, node.tasks > 0 {
        var next = node
        next.tasks -= 1
        next.state = system.table[node.state][feedback.emits]
        result.append((system.final.contains(node.state) && next.state != node.state, react(next)))
      }
      return result
    }
    let initial = react(Node(state: 0))
    var depth = [initial: 0]
    var order = [initial]
    var position = 0
    var expected = Expected()
    while position < order.count {
      let node = order[position]
      position += 1
      let here = depth[node]!
      if system.feedback != nil, expected.effectAtEnd == nil, system.final.contains(node.state), node.tasks > 0 {
        expected.effectAtEnd = here
      }
      for move in moves(node) {
        if move.leavesFinal, expected.finalLeft == nil { expected.finalLeft = here + 1 }
        if depth[move.next] == nil {
          depth[move.next] = here + 1
          order.append(move.next)
        }
      }
    }
    // Non-progress: the shallowest quiet node that returns to itself through quiet nodes.
    let quiet = Set(
      order.filter {
        !(system.final.contains($0.state) || system.waiting.contains($0.state) || system.progress.contains($0.state))
      })
    func returns(to start: Node) -> Bool {
      var seen: Set<Node> = []
      var stack = moves(start).map(\.next).filter { $0 != start && quiet.contains($0) }
      while let node = stack.popLast() {
        if !seen.insert(node).inserted { continue }
        for next in moves(node).map(\.next) where next != node && quiet.contains(next) {
          if next == start { return true }
          stack.append(next)
        }
      }
      return false
    }
    expected.nonProgress = order.filter { quiet.contains($0) && returns(to: $0) }.map { depth[$0]! }.min()
    return expected
  }

  /// What the explorer found, as the same lengths.
  static func found(_ system: Random) -> Expected {
    let exploration = system.explorer.run()
    var found = Expected()
    for finding in exploration.findings {
      switch finding.kind {
      case .finalStateLeft: found.finalLeft = finding.path?.steps.count
      case .effectInFlightAtEnd: found.effectAtEnd = finding.path?.steps.count
      case .nonProgressCycle: found.nonProgress = finding.path?.cycleStart
      default: break
      }
    }
    return found
  }

  @Test(arguments: [false, true])
  func theExplorerFindsWhatTheBruteForceSearchFinds(withFeedback: Bool) {
    var counts = (finalLeft: 0, effectAtEnd: 0, nonProgress: 0)
    for seed in UInt64(1)...1_000 {
      let system = Self.random(seed: seed, withFeedback: withFeedback)
      let expected = Self.oracle(system)
      let found = Self.found(system)
      #expect(
        found == expected,
        "seed \(seed): \(system.table), final \(system.final.sorted()), feedback \(String(describing: system.feedback))"
      )
      if found != expected { return }
      if expected.finalLeft != nil { counts.finalLeft += 1 }
      if expected.effectAtEnd != nil { counts.effectAtEnd += 1 }
      if expected.nonProgress != nil { counts.nonProgress += 1 }
    }
    // The systems are varied enough that each finding is both present and absent often.
    #expect((100...900).contains(counts.finalLeft), "\(counts)")
    #expect((50...900).contains(counts.nonProgress), "\(counts)")
    if withFeedback { #expect((50...900).contains(counts.effectAtEnd), "\(counts)") }
  }

  /// Each lasso the explorer prints goes around a real cycle: its last step comes back to
  /// the state where the cycle starts, through no progress, final or waiting state.
  @Test func everyLassoClosesThroughQuietStates() throws {
    for seed in UInt64(1)...300 {
      let system = Self.random(seed: seed, withFeedback: seed % 2 == 0)
      guard let lasso = system.explorer.run().findings.first(where: { $0.kind == .nonProgressCycle })?.path else {
        continue
      }
      let start = try #require(lasso.cycleStart)
      #expect(start < lasso.steps.count)
      let cycle = lasso.steps[start...]
      let from = start == 0 ? lasso.initial : lasso.steps[start - 1].after
      #expect(lasso.final == from, "seed \(seed)")
      #expect(
        cycle.allSatisfy {
          !(system.final.contains($0.after) || system.waiting.contains($0.after) || system.progress.contains($0.after))
        }, "seed \(seed)")
    }
  }
}
