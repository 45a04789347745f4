import DiagramCLI
import DiagramExplorer
import FeedbackGraph
import FeedbackLoopExamples
import FeedbackLoopExplorer
import Testing

let checkoutExplorer = ExampleExplorers.signIn

struct CheckoutDiagrams: DiagramCommand {
  static var systems: [SystemGraph] { [checkoutExplorer.system.graph] }
  static var explorations: [RegisteredExploration] { [RegisteredExploration(checkoutExplorer)] }
}

/// The Swift block of the DocC article "Mutation testing", compiled and run: a registered
/// explorer's `behaviour` is the explorer's, with and without a mutant.
@Suite struct MutationTestingArticleSnippetTests {
  @Test func aRegisteredExplorerGivesItsBehaviourForEquivalentMutants() throws {
    let checkout = try #require(CheckoutDiagrams.explorations.first)
    #expect(checkout.name == "SignIn")
    let behaviour = try #require(checkout.behaviour)
    let original = try #require(behaviour(nil))
    #expect(original.isComplete)
    let mutants = SignIn.system().graph.mutants
    let equivalent = try #require(
      mutants.first { $0.name == "SignIn: failed —submit→ submitting without [form is valid]" })
    let different = try #require(mutants.first { $0.mutation == .dropTransition })
    #expect(behaviour(equivalent) == original)
    #expect(behaviour(different) != original)
    var foreign = different
    foreign.system = "Other"
    #expect(behaviour(foreign) == nil)  // not the explorer's system
  }
}
