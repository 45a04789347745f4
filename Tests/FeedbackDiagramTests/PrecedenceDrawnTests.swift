import FeedbackCoverage
import FeedbackDiagram
import FeedbackGraph
import FeedbackLoop
import Foundation
import Testing
import FeedbackLoopSupport

/// Issue #19 item 5, "a figure draws a transition that cannot happen": precedence is drawn.
/// Over generated transition tables, every edge the states figure and Mermaid draw is taken
/// by the runtime for some state and event (and guard outcomes), every `[else]` is a real
/// fall-through, and every transition the runtime takes from a state is drawn from it.
@Suite struct PrecedenceDrawnTests {
  // MARK: The issue's example

  @Test func item5_aWildcardSomeStatesOverrideSaysSo() {
    let system = System<UploadState, UploadCommand>("Uploads", initial: .idle) {
      Transitions {
        Transition(from: .case("offline"), on: .cancelAll, to: .offline(pending: 0))
        Transition(from: .any, on: .cancelAll, to: .idle)
        Transition(from: .idle, on: .start, to: .uploading)
      }
    }
    let graph = system.graph
    let mermaid = MermaidWriter.text(for: graph)
    let names = Dictionary(uniqueKeysWithValues: graph.states.enumerated().map { ("s\($0.offset)", $0.element.id) })
    let drawn = Self.mermaidEdges(mermaid).map { "\(names[$0.from]!) → \(names[$0.to]!): \($0.label)" }
    #expect(!drawn.contains { $0.hasPrefix("offline → idle") })
    #expect(drawn.contains("uploading → idle: * cancelAll"))
    let dot = Diagram.dot(graph, figure: .states)
    #expect(dot.contains("label=\"cancelAll\\nnot from offline\""))
  }

  @Test func item5_aGuardsFallThroughReadsElse() {
    let system = System<UploadState, UploadCommand>("Uploads", initial: .idle) {
      Transitions {
        Transition(from: .uploading, on: .cancelAll, to: .idle).guarded("nothing sent") { _, _ in true }
        Transition(from: .uploading, on: .cancelAll, to: .offline(pending: 1))
      }
    }
    let dot = Diagram.dot(system.graph, figure: .states)
    #expect(dot.contains("label=\"cancelAll [else]\""))
    #expect(dot.contains("label=\"cancelAll [nothing sent]\""))
    #expect(dot.contains("[else&#93;: only when the transition tried first does not apply"))
  }

  // MARK: Generated tables

  @Test(arguments: 0..<8)
  func item5_noFigureDrawsAnEdgeTheRuntimeNeverTakes(batch: UInt64) {
    for seed in (batch * 50)..<(batch * 50 + 50) {
      let table = GeneratedTable(seed: seed)
      let observed = table.observe()
      let graph = table.system.graph
      let names = Dictionary(uniqueKeysWithValues: graph.states.enumerated().map { ("s\($0.offset)", $0.element.id) })
      let mermaid = Self.mermaidEdges(MermaidWriter.text(for: graph)).map { edge in
        Claim(from: names[edge.from]!, label: edge.label)
      }
      check(mermaid, "Mermaid", observed, table, graph)
      check(Self.dotClaims(Diagram.dot(graph, figure: .states), graph), "states figure", observed, table, graph)
      check(
        Self.dotClaims(CoverageFigure(coverage: Coverage(graph: graph)).dot, graph), "coverage figure", observed, table,
        graph)
      let atlas = Atlas(graph: graph)
      let focus = graph.states.flatMap { state in
        Self.focusClaims(atlas.focusDOT(for: state.id) ?? "", from: state.id)
      }
      check(focus, "atlas", observed, table, graph)
      checkReach(graph.reach, observed, table, graph)
    }
  }

  /// What a figure says about transition `t<k>` from one state.
  struct Claim {
    var from: String
    var label: String
    /// `t<k>` in the label: the transition's position.
    var transition: Int? {
      guard let match = label.firstMatch(of: /\/ t(\d+)/) else { return nil }
      return Int(match.1)
    }
    /// Whether it reads as a fall-through here.
    var fallsThrough: Bool { label.firstMatch(of: /\/ t\d+ \[else/) != nil }
  }

  private func check(
    _ claims: [Claim], _ figure: String, _ observed: Observations, _ table: GeneratedTable, _ graph: SystemGraph
  ) {
    var drawn: Set<String> = []
    for claim in claims {
      guard let k = claim.transition else {
        Issue.record("seed \(table.seed): \(figure) label without a transition: \(claim.label)")
        continue
      }
      drawn.insert("\(k)\u{1}\(claim.from)")
      #expect(
        observed.takenFrom[k, default: []].contains(claim.from),
        "seed \(table.seed): \(figure) draws t\(k) from \(claim.from) (\(claim.label)), the runtime never takes it\n\(table)"
      )
      if claim.fallsThrough {
        #expect(
          observed.earlierTakenFrom[k, default: []].contains(claim.from),
          "seed \(table.seed): \(figure) draws t\(k) from \(claim.from) as [else], nothing tried first ever takes it\n\(table)"
        )
      }
    }
    for (k, states) in observed.takenFrom {
      for state in states where graph.state(state) != nil {
        #expect(
          drawn.contains("\(k)\u{1}\(state)"),
          "seed \(table.seed): the runtime takes t\(k) from \(state), the \(figure) does not draw it\n\(table)")
      }
    }
  }

  /// The reach's event lists, which the claims above do not parse.
  private func checkReach(
    _ reach: [TransitionReach], _ observed: Observations, _ table: GeneratedTable, _ graph: SystemGraph
  ) {
    for (k, transition) in graph.transitions.enumerated() where transition.event == nil {
      for event in reach[k].neverOn {
        #expect(
          !observed.takenOn[k, default: []].contains(event),
          "seed \(table.seed): t\(k) is said never to fire on \(event), the runtime takes it\n\(table)")
      }
      for event in graph.events.map(\.id) where !reach[k].neverOn.contains(event) && reach[k].status != .never {
        #expect(
          observed.takenOn[k, default: []].contains(event),
          "seed \(table.seed): t\(k) is drawn on \(event), the runtime never takes it\n\(table)")
      }
    }
  }

  // MARK: Reading the figures

  static func mermaidEdges(_ text: String) -> [(from: String, to: String, label: String)] {
    text.split(separator: "\n").compactMap { line in
      guard let match = line.firstMatch(of: /^    (s\d+) --> (s\d+) : (.*)$/) else { return nil }
      return (String(match.1), String(match.2), String(match.3))
    }
  }

  /// Each DOT edge's label, split per transition (a group starts at its `event / t<k>` line)
  /// and expanded from `any` to every state not named on its `not from` line.
  static func dotClaims(_ dot: String, _ graph: SystemGraph) -> [Claim] {
    var claims: [Claim] = []
    for line in dot.split(separator: "\n") {
      guard let match = line.firstMatch(of: /^  (n\d+|any) -> n\d+ \[.*label="((?:[^"\\]|\\.)*)"/) else { continue }
      let lines = match.2.replacing("\\n", with: "\n").split(separator: "\n").map(String.init)
      var groups: [[String]] = []
      for text in lines {
        if text.firstMatch(of: /\/ t\d+/) != nil {
          groups.append([text])
        } else {
          groups[groups.count - 1].append(text)
        }
      }
      for group in groups {
        guard match.1 == "any" else {
          claims.append(Claim(from: graph.states[Int(match.1.dropFirst())!].id, label: group[0]))
          continue
        }
        let never = Self.names(after: "not from ", in: group)
        let elseFrom = Self.names(after: "[else] from ", in: group)
        for state in graph.states.map(\.id) where !never.contains(state) {
          claims.append(Claim(from: state, label: elseFrom.contains(state) ? group[0] + " [else]" : group[0]))
        }
      }
    }
    return claims.map { claim in
      // `x / t3 [g] [else]` (a wildcard's per-state fall-through) reads as `x / t3 [else …`.
      var claim = claim
      if claim.label.hasSuffix(" [else]"), claim.label.firstMatch(of: /\/ t\d+ \[else/) == nil {
        claim.label = claim.label.replacing(/(\/ t\d+)/, with: { "\($0.1) [else]" })
      }
      return claim
    }
  }

  /// The transitions a focus figure draws out of its state (node `n0`): its own, wildcards
  /// drawn from it, and a wildcard into it from `any` unless that says `not from` it.
  static func focusClaims(_ dot: String, from state: String) -> [Claim] {
    dot.split(separator: "\n").flatMap { line -> [Claim] in
      guard let match = line.firstMatch(of: /^  (n0|any) -> (n\d+) \[.*label="((?:[^"\\]|\\.)*)"/) else { return [] }
      let lines = match.3.replacing("\\n", with: "\n").split(separator: "\n").map(String.init)
      guard match.1 == "any" else {
        return lines.filter { $0.firstMatch(of: /\/ t\d+/) != nil }.map { Claim(from: state, label: $0) }
      }
      guard match.2 == "n0" else { return [] }
      var groups: [[String]] = []
      for text in lines {
        if text.firstMatch(of: /\/ t\d+/) != nil {
          groups.append([text])
        } else {
          groups[groups.count - 1].append(text)
        }
      }
      return groups.compactMap { group in
        guard !names(after: "not from ", in: group).contains(state) else { return nil }
        let fallsThrough = names(after: "[else] from ", in: group).contains(state)
        return Claim(
          from: state, label: fallsThrough ? group[0].replacing(/(\/ t\d+)/, with: { "\($0.1) [else]" }) : group[0])
      }
    }
  }

  static func names(after prefix: String, in lines: [String]) -> Set<String> {
    guard let line = lines.first(where: { $0.hasPrefix(prefix) }) else { return [] }
    return Set(line.dropFirst(prefix.count).split(separator: ", ").map(String.init))
  }
}

// MARK: - The generated system

enum UploadState: Hashable, Sendable { case idle, uploading, offline(pending: Int) }
enum UploadCommand: Hashable, Sendable { case start, cancelAll }

enum GeneratedState: Hashable, Sendable { case a, b, c(Int) }
enum GeneratedEvent: Hashable, Sendable { case x, y, z(Int), w }

/// The guards' outcomes for one reduction: guard `k` passes when `current[k]`.
enum GuardOutcomes {
  @TaskLocal static var current: [Bool] = []
}

/// What the runtime did over every state, event and guard outcome.
struct Observations {
  /// Per transition position, the state nodes it was taken from.
  var takenFrom: [Int: Set<String>] = [:]
  /// Per transition position, the event nodes it was taken on.
  var takenOn: [Int: Set<String>] = [:]
  /// Per transition position, the state nodes where, for an event it matches by name, a
  /// transition tried before it was taken.
  var earlierTakenFrom: [Int: Set<String>] = [:]
}

/// A random transition table over `GeneratedState` and `GeneratedEvent` (seeded). A payload value (`c(0)`,
/// `z(1)`, …) appears in at most one source and one event pattern: the graph names nodes,
/// not values, so it cannot tell two patterns of the same value apart.
struct GeneratedTable: CustomStringConvertible {
  let seed: UInt64
  let system: System<GeneratedState, GeneratedEvent>
  /// Per transition: its source node (nil: any), its source pattern's rank, and the same
  /// for its event; for precedence.
  let shapes: [(from: String?, fromRank: Int, event: String?, eventRank: Int, text: String)]
  let guards: Int

  /// Every node has a value no pattern names (`c(2)`, `z(2)`): a payload has more values
  /// than a table names. `w` is an event the graph never names.
  static let states: [GeneratedState] = [.a, .b, .c(0), .c(1), .c(2)]
  static let events: [GeneratedEvent] = [.x, .y, .z(0), .z(1), .z(2), .w]

  init(seed: UInt64) {
    self.seed = seed
    var random = SplitMix(seed: seed)
    let sources: [(StatePattern<GeneratedState>, String?, Int, String)] = [
      (.value(.a), "a", 3, ".a"), (.value(.b), "b", 3, ".b"), (.value(.c(0)), "c", 3, ".c(0)"),
      (.value(.c(1)), "c", 3, ".c(1)"), (.case("c"), "c", 2, ".case(c)"), (.case("a"), "a", 2, ".case(a)"),
      (.any, nil, 0, ".any"), (.any, nil, 0, ".any"),
    ]
    let onEvents: [(EventPattern<GeneratedEvent>, String?, Int, String)] = [
      (.value(.x), "x", 3, ".x"), (.value(.y), "y", 3, ".y"), (.value(.z(1)), "z", 3, ".z(1)"),
      (.value(.z(0)), "z", 3, ".z(0)"), (.case("z"), "z", 2, ".case(z)"), (.case("x"), "x", 2, ".case(x)"),
      (.any, nil, 0, ".any"),
    ]
    let count = 1 + Int(random.next() % 7)
    var usedValues: Set<String> = []
    var transitions: [Transition<GeneratedState, GeneratedEvent>] = []
    var shapes: [(from: String?, fromRank: Int, event: String?, eventRank: Int, text: String)] = []
    var guards = 0
    while transitions.count < count {
      let source = sources[Int(random.next() % UInt64(sources.count))]
      let event = onEvents[Int(random.next() % UInt64(onEvents.count))]
      let payloadValues = [source.3, event.3].filter { $0.contains("(") && !$0.contains("case") }
      if payloadValues.contains(where: usedValues.contains) { continue }
      usedValues.formUnion(payloadValues)
      let target = Self.states[Int(random.next() % UInt64(Self.states.count))]
      let k = transitions.count
      var transition = Transition(from: source.0, on: event.0, to: target, label: "t\(k)")
      var text = "t\(k): \(source.3) on \(event.3) → \(target)"
      if guards < 3, random.next() % 3 == 0 {
        let index = guards
        transition = transition.guarded("g\(index)") { _, _ in GuardOutcomes.current[index] }
        text += " [g\(index)]"
        guards += 1
      }
      transitions.append(transition)
      shapes.append((source.1, source.2, event.1, event.2, text))
    }
    self.shapes = shapes
    self.guards = guards
    self.system = System("Generated\(seed)", initial: .a) {
      Transitions { for transition in transitions { transition } }
    }
  }

  var description: String { shapes.map(\.text).joined(separator: "\n") }

  /// Reduces every state of the graph with every event under every guard outcome.
  func observe() -> Observations {
    let graph = system.graph
    var observed = Observations()
    let stateNodes = Set(graph.states.map(\.id))
    for state in Self.states where stateNodes.contains(system.nodeName(of: state)) {
      let from = system.nodeName(of: state)
      for event in Self.events {
        let on = system.nodeName(ofEvent: event)
        for outcome in 0..<(1 << guards) {
          let outcomes = (0..<max(guards, 1)).map { outcome & (1 << $0) != 0 }
          let reduction = GuardOutcomes.$current.withValue(outcomes) { system.reduce(state, event) }
          guard case .reduced(_, let id?) = reduction,
            let k = graph.transitions.firstIndex(where: { $0.id == id })
          else { continue }
          observed.takenFrom[k, default: []].insert(from)
          observed.takenOn[k, default: []].insert(on)
          // Every transition this state and event reach by name, tried after the one taken.
          for (later, shape) in shapes.enumerated()
          where (shape.from == nil || shape.from == from) && (shape.event == nil || shape.event == on)
            && rank(k) < rank(later)
          {
            observed.earlierTakenFrom[later, default: []].insert(from)
          }
        }
      }
    }
    return observed
  }

  func rank(_ k: Int) -> (Int, Int, Int) { (-shapes[k].fromRank, -shapes[k].eventRank, k) }
}

/// A small seeded generator (SplitMix64).
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
