import FeedbackGraph
import FeedbackLoop
import FeedbackLoopExamples
import FeedbackLoopExplorer
import Testing

/// The explorer with a mutant switched on: its behaviour (reached states and the steps
/// between them) tells an equivalent mutant from one that changes what the loop can do.
@Suite struct ExplorerMutantTests {
  static let explorer = ExampleExplorers.trafficLight

  static func mutant(_ name: String) throws -> Mutant {
    try #require(TrafficLight.system.graph.mutants.first { $0.name == "TrafficLight: \(name)" })
  }

  @Test func theBehaviourIsTheReachedStatesAndSteps() throws {
    let behaviour = try #require(Self.explorer.behaviour(applying: nil))
    #expect(behaviour.states == ["green", "red", "yellow"])
    #expect(behaviour.transitions.contains("green —tick→ yellow"))
    #expect(behaviour.transitions.contains("yellow —emergency→ red"))
    #expect(behaviour.isComplete)
  }

  @Test func aRetargetChangesTheBehaviourAndSoDoesADroppedFeedback() throws {
    let original = Self.explorer.behaviour(applying: nil)
    let retarget = try #require(Self.explorer.behaviour(applying: try Self.mutant("red —tick→ yellow (was green)")))
    #expect(retarget != original)
    #expect(retarget.transitions.contains("red —tick→ yellow"))
    let silent = try #require(Self.explorer.behaviour(applying: try Self.mutant("feedback timer disabled")))
    #expect(silent.states == ["red"])  // only the emergency, which leaves red red
  }

  @Test func aMutantOfAnotherSystemDoesNotApply() throws {
    var mutant = try Self.mutant("drop red —tick→ green")
    mutant.system = "Other"
    #expect(Self.explorer.applying(mutant) == nil)
    #expect(Self.explorer.behaviour(applying: mutant) == nil)
  }
}
