import FeedbackGraph
public import FeedbackLoop

/// What an ``Explorer`` found: how far it got, the findings with their shortest paths, and
/// the visited states (for covering paths and the reachable graph).
///
/// ```swift
/// let exploration = Explorer(Counter.system(), events: [.increment], maxStates: 10).run()
/// let completion = exploration.completion  // .stateBound(10)
/// print(exploration.report)  // Explored Counter: 10 states, …; stopped at the state bound …
/// ```
///
/// Deterministic: the same explorer gives the same findings, paths and report, run after run.
public struct Exploration<State: Hashable & Sendable, Event: Sendable>: Sendable {
  let storage: ExplorationStorage<State, Event>
  let record: ExplorationRecord
  /// How the exploration ended.
  public let completion: ExplorationCompletion
  /// The bytes the visited-state store held at the end: states, parents, choices, the
  /// hash table and the feedbacks' snapshots (computed from their capacities, not
  /// measured; a memory's boxed values are not counted).
  package let storeBytes: Int
  /// What it found, in a fixed order: invariant violations (in declaration order), broken
  /// properties of moves (in declaration order), the first move out of a final state,
  /// effects in flight at the end (by feedback), undeclared transitions, the first
  /// deadlock, the first stuck state, then (complete explorations only) the first
  /// non-progress cycle, transitions that never fire and declared states never reached.
  public let findings: [ExplorerFinding<State, Event>]

  init(
    storage: ExplorationStorage<State, Event>, record: ExplorationRecord, completion: ExplorationCompletion,
    storeBytes: Int
  ) {
    self.storage = storage
    self.record = record
    self.completion = completion
    self.storeBytes = storeBytes
    self.findings = FindingBuilder(storage: storage, record: record, completion: completion).findings()
  }

  /// The explored system.
  public var system: System<State, Event> { storage.system }
  /// The explorer that made this exploration (the test kit writes tests with it).
  package var explorer: Explorer<State, Event> { storage.model.explorer }
  /// Distinct states explored: a system state together with each feedback's memory and
  /// the effects in flight (for a system whose feedbacks start no effects, its states).
  public var stateCount: Int { storage.nodes.count }
  /// Distinct system states among them.
  package var systemStateCount: Int { Set(storage.nodes.lazy.map(\.state)).count }
  /// Edges followed that led to another explored state.
  package var transitionCount: Int { record.transitions }
  /// The length of the longest shortest path from the initial state.
  public var depth: Int { record.depth }
  /// Whether every reachable state was visited.
  public var isComplete: Bool { completion == .complete }
  /// The visited system states, each once, in the order found (breadth-first).
  public var states: [State] {
    var seen = Set<State>()
    return storage.nodes.compactMap { seen.insert($0.state).inserted ? $0.state : nil }
  }

  /// For each state node of the system's graph, the events (by node name) that no
  /// declared transition accepts there: information, not findings.
  package var ignoredEvents: [(state: String, events: [String])] {
    var record = record
    for sample in record.ignoredSamples {
      let node = storage.nodes[Int(sample.state)]
      guard let event = storage.model.choice(Int(sample.choice), in: node)?.event else { continue }
      record.noteIgnored(state: system.nodeName(of: node.state), event: system.nodeName(ofEvent: event))
    }
    return record.ignoredOrder.map { ($0, record.ignored[$0] ?? []) }
  }

  /// Declared events a feedback may emit for which no sample value was given: those
  /// emissions were not explored.
  package var unexploredEmissions: [(feedback: String, event: String)] {
    storage.model.missingSamples
  }

  /// The shortest event path from the initial state to `state`, if it was visited.
  public func path(to state: State) -> ExplorerPath<State, Event>? {
    let index: Int?
    if let key = storage.model.explorer.key {
      let wanted = key(state)
      index = storage.nodes.firstIndex { key($0.state) == wanted }
    } else {
      index = storage.firstIndex(of: state)
    }
    return index.map { storage.path(to: $0) }
  }
}
