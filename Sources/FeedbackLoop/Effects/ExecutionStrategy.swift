/// What a feedback does with the effects it started when the loop reaches a new state.
public enum ExecutionStrategy: String, Sendable, Hashable, CaseIterable {
  /// A new state cancels the effects this feedback started for earlier states (the
  /// default; ReactiveFeedback's "latest" semantics). Their events are never delivered.
  case cancelOnNewState
  /// Effects keep running until they finish or the loop stops; all their events arrive.
  case continueOnNewState
}
