package import FeedbackGraph
import FeedbackLoopTracing

extension Explorer {
  /// This explorer with `mutant` switched on in its system, or `nil` when the mutant is not
  /// one of the system's (another name or fingerprint). Exploration is the only place
  /// outside the test kit's recorder that runs a mutant. A mutant that returns a recorded
  /// state (`MutationOperator.retargetComputed`) applies when the system's `State` is
  /// `Decodable` and its `Mutant.value` decodes as a state of the mutant's target case.
  package func applying(_ mutant: Mutant) -> Explorer? {
    guard let mutated = system.applying(mutant, decodingState: { StateJSON.decode($0) }) else { return nil }
    var copy = self
    copy.system = mutated
    return copy
  }

  /// The behaviour of the system with `mutant` switched on (`nil`: the declared system),
  /// within this explorer's bounds; `nil` when the mutant is not the system's.
  ///
  /// ```swift
  /// let original = ExampleExplorers.signIn.behaviour(applying: nil)
  /// let equivalent = ExampleExplorers.signIn.behaviour(applying: mutant) == original
  /// ```
  package func behaviour(applying mutant: Mutant?) -> ReachableBehaviour? {
    guard let mutant else { return run().behaviour }
    return applying(mutant)?.run().behaviour
  }
}
