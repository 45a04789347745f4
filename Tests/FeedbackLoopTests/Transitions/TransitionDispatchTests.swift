import FeedbackGraph
@testable import FeedbackLoop
import Testing
import FeedbackLoopSupport

/// The dispatch against the reference: for generated tables, states and events, the
/// transition it picks and what it says about computed targets are exactly what trying every
/// transition in precedence order gives.
@Suite struct TransitionDispatchTests {
  enum Phase: Hashable, Sendable { case idle, loading(Int), loaded(Int, Bool), failed(String), done }
  enum Input: Hashable, Sendable { case tick, load(Int), fail(Bool), reset }
  protocol Shape: Sendable {}
  struct Circle: Shape { var radius: Int }
  struct Square: Shape { var side: Int }
  final class Node: Sendable { let id: Int; init(id: Int) { self.id = id } }
  final class Leaf: Sendable {}

  static let phases: [Phase] = [
    .idle, .loading(0), .loading(7), .loaded(1, true), .loaded(2, false), .failed("x"), .done,
  ]
  static let phaseNames = ["idle", "loading", "loaded", "failed", "done", "nowhere"]
  static let inputs: [Input] = [.tick, .load(0), .load(3), .fail(true), .fail(false), .reset]
  static let inputNames = ["tick", "load", "fail", "reset", "never"]

  /// A seeded generator of patterns, guards and targets over a value type.
  struct Generator<Value: Sendable> {
    var values: [Value]
    var names: [String]
    var value: ((Value) -> ValuePattern<Value>)?
    var types: [ValuePattern<Value>]

    func pattern(_ random: inout SplitMix64) -> ValuePattern<Value> {
      switch random.next() % 6 {
      case 0: return .any
      case 1: if let value { return value(values.randomElement(using: &random)!) }
      case 2:
        let name = names.randomElement(using: &random)!
        return .enumCase(name, where: { Naming.name(of: $0) == name && "\($0)".count % 2 == 0 })
      case 3: return types.randomElement(using: &random)!
      default: break
      }
      return .enumCase(names.randomElement(using: &random)!)
    }
  }

  /// Builds `tables` random tables and compares the dispatch with the scan for `pairs`
  /// random pairs in each; returns how many (table, state, event) triples it compared.
  static func compare<State: Sendable, Event: Sendable>(
    seed: UInt64, tables: Int, pairs: Int, states: Generator<State>, events: Generator<Event>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int {
    var random = SplitMix64(seed: seed)
    var compared = 0
    for table in 0..<tables {
      var list: [Transition<State, Event>] = []
      for _ in 0...(random.next() % 12) {
        let from = StatePattern(pattern: states.pattern(&random), sample: nil)
        let on = EventPattern(pattern: events.pattern(&random))
        var transition: Transition<State, Event>
        if random.next() % 2 == 0 {
          transition = Transition(from: from, on: on, to: states.values.randomElement(using: &random)!)
        } else {
          let targets = (0..<(random.next() % 3)).map { _ in StatePattern(pattern: states.pattern(&random), sample: nil)
          }
          let results = states.values
          let shift = Int(random.next() % 5)
          transition = Transition(from: from, on: on, targets: targets) { state, event in
            results[("\(state)".count + "\(event)".count + shift) % results.count]
          }
        }
        if random.next() % 3 == 0 {
          let modulus = Int(random.next() % 3) + 2
          transition = transition.guarded("generated") { state, event in
            ("\(state)".count * 7 + "\(event)".count) % modulus != 0
          }
        }
        list.append(transition)
      }
      let transitions = TransitionTable(list)
      for _ in 0..<pairs {
        let state = states.values.randomElement(using: &random)!
        let event = events.values.randomElement(using: &random)!
        let fast = transitions.match(state, event)
        let reference = transitions.scan(state, event)
        #expect(fast == reference, "table \(table), \(state), \(event)", sourceLocation: sourceLocation)
        if let fast, case .computed(let targets, let compute) = list[fast].target {
          let next = compute(state, event)
          #expect(
            transitions.dispatch.declares(fast, next) == targets.contains { $0.matches(next) },
            "table \(table): targets of \(fast) for \(next)", sourceLocation: sourceLocation)
        }
        compared += 1
      }
    }
    return compared
  }

  @Test func enumStatesAndEventsMatchAsTheScanDoes() {
    let compared = Self.compare(
      seed: 21, tables: 1_000, pairs: 8,
      states: Generator(
        values: Self.phases, names: Self.phaseNames, value: { .value($0) },
        types: [.type(Phase.self), .type(Int.self), .type((any Hashable).self)]),
      events: Generator(
        values: Self.inputs, names: Self.inputNames, value: { .value($0) },
        types: [.type(Input.self), .type(String.self)]))
    #expect(compared == 8_000)
  }

  @Test func structProtocolAndClassStatesMatchAsTheScanDoes() {
    let shapes: [any Shape] = [Circle(radius: 1), Circle(radius: 22), Square(side: 3)]
    let nodes = [Node(id: 1), Node(id: 2)]
    let inputs = Generator<Input>(
      values: Self.inputs, names: Self.inputNames, value: { .value($0) }, types: [.type(Input.self)])
    let compared =
      Self.compare(
        seed: 19, tables: 300, pairs: 8,
        states: Generator<Int>(
          values: [0, 1, 2, 30], names: ["Int", "idle"], value: { .value($0) },
          types: [.type(Int.self), .type(String.self), .type((any Numeric).self)]),
        events: inputs)
      + Self.compare(
        seed: 20, tables: 300, pairs: 8,
        states: Generator<any Shape>(
          values: shapes, names: ["Circle", "Square", "Shape"], value: nil,
          types: [.type(Circle.self), .type(Square.self), .type((any Shape).self)]),
        events: inputs)
      + Self.compare(
        seed: 22, tables: 150, pairs: 8,
        states: Generator<Node>(values: nodes, names: ["Node"], value: nil, types: [.type(Node.self)]),
        events: Generator<any Sendable>(
          values: [1, "one", Leaf(), Input.tick, Input.load(2)], names: ["Int", "String", "tick", "load", "Leaf"],
          value: nil, types: [.type(Int.self), .type(String.self), .type(Leaf.self), .type(Input.self)]))
    #expect(compared == 6_000)
  }
}
