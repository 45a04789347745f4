import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTesting
import Testing

/// `System.applying(_:)`: the mutated dispatch does what each operator says, the system
/// still describes itself as declared, and a mutant of another system does not apply.
@Suite struct SystemApplyingTests {
  enum Light: Hashable, Sendable { case red, green, yellow }
  enum Signal: Hashable, Sendable { case tick, emergency }

  static let light = System<Light, Signal>("Light", initial: .red) {
    Transitions {
      Transition(from: .red, on: .tick, to: .green)
      Transition(from: .green, on: .tick, to: .yellow).guarded("clear") { _, _ in true }
      Transition(from: .green, on: .tick, to: .red, label: "else")
      Transition(from: .any, on: .emergency, to: .red)
    }
  }

  static func mutant(_ name: String) throws -> Mutant {
    try #require(light.graph.mutants.first { $0.name == "Light: \(name)" })
  }

  static func next(_ system: System<Light, Signal>, _ state: Light, _ event: Signal) -> Light? {
    if case .reduced(let next, _) = system.reduce(state, event) { return next }
    return nil
  }

  @Test func aRetargetLeadsToTheOtherState() throws {
    let mutated = try #require(Self.light.applying(try Self.mutant("red —tick→ yellow (was green)")))
    #expect(Self.next(mutated, .red, .tick) == .yellow)
    #expect(Self.next(Self.light, .red, .tick) == .green)
  }

  @Test func aDroppedTransitionIgnoresItsEvent() throws {
    let mutated = try #require(Self.light.applying(try Self.mutant("drop red —tick→ green")))
    #expect(Self.next(mutated, .red, .tick) == nil)
    #expect(Self.next(mutated, .yellow, .emergency) == .red)
  }

  @Test func aNegatedGuardFallsThroughAndADroppedGuardMatches() throws {
    let negated = try #require(Self.light.applying(try Self.mutant("green —tick→ yellow [not (clear)]")))
    #expect(Self.next(negated, .green, .tick) == .red)
    let swapped = try #require(
      Self.light.applying(try Self.mutant("try green —tick→ red (else) before green —tick→ yellow [clear]")))
    #expect(Self.next(swapped, .green, .tick) == .red)
    let dropped = try #require(Self.light.applying(try Self.mutant("green —tick→ yellow without [clear]")))
    #expect(Self.next(dropped, .green, .tick) == .yellow)
  }

  @Test func aMutatedSystemDescribesItselfAsDeclared() throws {
    let mutated = try #require(Self.light.applying(try Self.mutant("drop red —tick→ green")))
    #expect(mutated.graph == Self.light.graph)
    #expect(mutated.graph.fingerprint == Self.light.graph.fingerprint)
  }

  @Test func aMutantOfAnotherDeclarationDoesNotApply() throws {
    var mutant = try Self.mutant("drop red —tick→ green")
    mutant.fingerprint = "fnv1a64:0000000000000000"
    #expect(Self.light.applying(mutant) == nil)
    var target = try Self.mutant("red —tick→ yellow (was green)")
    target.target = "blue"
    #expect(Self.light.applying(target) == nil)
  }

  static let ticking = System<Light, Signal>("Ticking", initial: .red) {
    Transitions {
      Transition(from: .red, on: .tick, to: .green)
      Transition(from: .any, on: .emergency, to: .red)
    }
    Feedbacks {
      Feedback("alarm", emits: [.tick, .emergency]) { state in
        state == .red ? .send(.tick) : .none
      }
    }
  }

  @Test func aDroppedEmissionIsNeverDeliveredAndADisabledFeedbackStartsNothing() throws {
    let mutants = Self.ticking.graph.mutants
    let dropTick = try #require(mutants.first { $0.name == "Ticking: feedback alarm never emits tick" })
    let disable = try #require(mutants.first { $0.name == "Ticking: feedback alarm disabled" })
    for (system, expected) in [
      (Self.ticking, Light.green), (try #require(Self.ticking.applying(dropTick)), .red),
      (try #require(Self.ticking.applying(disable)), .red),
    ] {
      let scheduler = TestScheduler()
      let loop = Loop(system, scheduler: scheduler)
      scheduler.run()
      #expect(loop.state == expected)
    }
    #expect(try #require(Self.ticking.applying(dropTick)).graph.feedbacks[0].emits == ["emergency"])
  }
}
