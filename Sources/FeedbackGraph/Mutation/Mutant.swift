/// One model-level mutation of a system: a declared transition or a feedback changed in one
/// way (``MutationOperator``), named by the stable identity of what it changes.
///
/// Mutants are plain data: ``SystemGraph/mutants`` lists a graph's mutants, `diagram mutate`
/// runs the tests against each, and the test kit applies one to the system a `LoopRecorder`
/// records (nothing of it reaches a loop outside a recording).
///
/// ```swift
/// for mutant in Uploader.system().graph.mutants { print(mutant.name) }
/// // Uploader: uploading —failed→ idle (was waiting) [attempt < 3]
/// ```
package struct Mutant: Codable, Hashable, Sendable, Identifiable {
  /// A stable id: the system, the operator and the content keys of the transitions or
  /// feedback names it changes, so that the same mutant has the same id after the table is
  /// reordered: `Uploader/retarget/fnv1a64:…/idle`.
  package var id: String
  /// The system's name.
  package var system: String
  /// ``SystemGraph/fingerprint`` of the graph the mutant was made from: it applies to that
  /// declaration only.
  package var fingerprint: String
  /// How it changes the system.
  package var mutation: MutationOperator
  /// The transition it changes (the first of the two for ``MutationOperator/swapOrder``).
  package var transition: TransitionID?
  /// The other transition of a ``MutationOperator/swapOrder``.
  package var otherTransition: TransitionID?
  /// The new target's node id, for a ``MutationOperator/retarget`` and a
  /// ``MutationOperator/retargetComputed``; the event emitted instead, for a
  /// ``MutationOperator/swapEmission``.
  package var target: String?
  /// The feedback it changes.
  package var feedback: FeedbackID?
  /// The event node a ``MutationOperator/dropEmission`` drops (or a
  /// ``MutationOperator/swapEmission`` replaces).
  package var event: String?
  /// What people read: `Uploader: waiting —retry→ idle (was uploading) (attempt + 1)`.
  package var name: String
  /// For a ``MutationOperator/retargetComputed``: the state the transition returns, as
  /// JSON text (a trace's ``TraceStep/stateJSON``); `nil` until `diagram mutate` finds a
  /// recorded value of ``target``.
  package var value: String?
  /// ``value`` described for humans (the trace's ``TraceStep/after``).
  package var valueDescription: String?
  /// What a recording must show for a test to notice the mutant.
  package var reach: MutantReach

  /// A mutant.
  package init(
    id: String, system: String, fingerprint: String, mutation: MutationOperator, transition: TransitionID? = nil,
    otherTransition: TransitionID? = nil, target: String? = nil, feedback: FeedbackID? = nil, event: String? = nil,
    name: String, reach: MutantReach, value: String? = nil, valueDescription: String? = nil
  ) {
    self.id = id
    self.system = system
    self.fingerprint = fingerprint
    self.mutation = mutation
    self.transition = transition
    self.otherTransition = otherTransition
    self.target = target
    self.feedback = feedback
    self.event = event
    self.name = name
    self.reach = reach
    self.value = value
    self.valueDescription = valueDescription
  }
}
