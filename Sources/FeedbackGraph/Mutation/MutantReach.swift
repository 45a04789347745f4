/// What a ``Mutant`` can change in a recording: a test whose trace shows none of it cannot
/// tell the mutant from the original, so `diagram mutate` does not run it for that mutant.
package struct MutantReach: Codable, Hashable, Sendable {
  /// Transitions whose steps the mutant changes.
  package var transitions: [TransitionID]
  /// Source and event nodes (`nil`: any) where the mutant may change what happens to an
  /// event, even when no transition matched it (a guard that failed, an ignored event).
  package var pairs: [EventPair]
  /// Feedbacks whose effects the mutant changes.
  package var feedbacks: [FeedbackID]
  /// When not empty, only these events of ``feedbacks`` (by node id): a step of the
  /// feedback that emits none of them shows nothing the mutant changes.
  package var feedbackEvents: [String]

  /// A source state and an event, by node id; `nil` stands for any.
  package struct EventPair: Codable, Hashable, Sendable {
    /// The source state's node id, or `nil` for any state.
    package var from: String?
    /// The event's node id, or `nil` for any event.
    package var event: String?

    /// A pair.
    package init(from: String?, event: String?) {
      self.from = from
      self.event = event
    }

    /// Whether a step from `from` on `event` falls under the pair.
    package func contains(from node: String?, event name: String?) -> Bool {
      (from == nil || from == node) && (event == nil || event == name)
    }
  }

  /// A reach.
  package init(
    transitions: [TransitionID] = [], pairs: [EventPair] = [], feedbacks: [FeedbackID] = [],
    feedbackEvents: [String] = []
  ) {
    self.transitions = transitions
    self.pairs = pairs
    self.feedbacks = feedbacks
    self.feedbackEvents = feedbackEvents
  }

  /// Whether `step` (of a trace of the mutated system) shows something the mutant changes.
  package func touches(_ step: TraceStep) -> Bool {
    if let transition = step.transition, transitions.contains(transition) { return true }
    if let feedback = step.feedback, feedbacks.contains(feedback),
      feedbackEvents.isEmpty || step.eventNode.map(feedbackEvents.contains) == true
    {
      return true
    }
    switch step.kind {
    case .event, .ignoredEvent, .undeclaredTransition:
      return pairs.contains { $0.contains(from: step.beforeNode, event: step.eventNode) }
    default:
      return false
    }
  }
}
