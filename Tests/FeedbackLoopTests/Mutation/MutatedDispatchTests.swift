import FeedbackGraph
@testable import FeedbackLoop
import Testing

/// Every mutant's table against the reference: the fast dispatch a mutated system builds
/// picks, for every state and event, exactly the transition that trying the mutated
/// transitions in the mutated precedence order picks.
@Suite struct MutatedDispatchTests {
  enum Phase: Hashable, Sendable { case idle, loading(Int), loaded(Int), failed(String), done }
  enum Input: Hashable, Sendable { case tick, load(Int), fail, reset }

  static let phases: [Phase] = [.idle, .loading(0), .loading(3), .loaded(1), .failed("x"), .done]
  static let inputs: [Input] = [.tick, .load(0), .load(2), .fail, .reset]

  static let system = System<Phase, Input>("Phases", initial: .idle) {
    Transitions {
      Transition(from: .idle, on: .case("load"), targets: [.case("loading")]) { _, event in
        if case .load(let n) = event { .loading(n) } else { .idle }
      }
      Transition(from: .case("loading"), on: .tick, targets: [.case("loaded")]) { state, _ in
        if case .loading(let n) = state { .loaded(n) } else { state }
      }
      .guarded("n > 0") { state, _ in if case .loading(let n) = state { n > 0 } else { false } }
      Transition(from: .case("loading"), on: .tick, to: .done, label: "nothing to load")
      Transition(from: .case("loading"), on: .fail, to: .failed("offline"))
      Transition(from: .any, on: .reset, to: .idle)
      Transition(from: .any, on: .fail, to: .failed("any"))
    }
  }

  @Test func everyMutantsDispatchMatchesTheReferenceScan() throws {
    let mutants = Self.system.graph.mutants
    #expect(mutants.count > 20)
    var changed = 0
    for mutant in mutants {
      let mutated = try #require(Self.system.applying(mutant), "\(mutant.name)")
      let table = try #require(mutated.table)
      var differs = false
      for phase in Self.phases {
        for input in Self.inputs {
          #expect(table.match(phase, input) == table.scan(phase, input), "\(mutant.name): \(phase), \(input)")
          if "\(mutated.reduce(phase, input))" != "\(Self.system.reduce(phase, input))" { differs = true }
        }
      }
      if differs { changed += 1 }
    }
    // Every mutant of the table changes some step (the sample covers every transition).
    #expect(changed == mutants.count)
  }
}
