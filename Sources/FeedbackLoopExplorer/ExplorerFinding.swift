public import FeedbackGraph

/// Something an exploration found: each comes with the shortest event path that shows it,
/// when it is about a reachable state or event.
///
/// ```swift
/// for finding in exploration.findings {
///   print(finding.message)  // Invariant "…" is violated after 2 events: …
/// }
/// ```
public struct ExplorerFinding<State: Sendable, Event: Sendable>: Sendable {
  /// The kinds of finding.
  public enum Kind: Hashable, Sendable {
    /// A reachable state breaks the invariant with this description.
    case invariantViolated(String)
    /// A declared transition computes a state outside its declared `targets:`.
    case undeclaredTransition(TransitionID)
    /// A state (not marked final) that no event changes, not even for a moment (a change
    /// the feedbacks undo at once is a change).
    case deadlock
    /// A state with no effect in flight (only an event from outside can move the loop)
    /// that the explorer was not told the loop may wait in (`waits(when:)`): SPIN's
    /// "invalid end state".
    case stuck
    /// A move out of a final state (``Explorer/final(when:)``): the associated value is the
    /// final state's node name. The path's last step is the move.
    case finalStateLeft(String)
    /// A final state reached with an effect of the named feedback still in flight, which
    /// the explorer was not told may outlive the loop's end
    /// (``Explorer/effectsMayOutliveTheEnd(_:)``).
    case effectInFlightAtEnd(feedback: String)
    /// A move breaks the property of moves with this description
    /// (``Explorer/property(_:_:)``). The path's last step is the move.
    case propertyViolated(String)
    /// A cycle of moves that never passes a progress, final or waiting state
    /// (``Explorer/progress(when:)``): the path is a lasso, the steps from
    /// `ExplorerPath.cycleStart` on go around the cycle once.
    case nonProgressCycle
    /// A declared transition that no reachable state and event fires.
    case transitionNeverFires(TransitionID)
    /// A declared state (a node of the system's graph) that no reachable state is.
    case stateNeverReached(String)
  }

  /// What was found.
  public var kind: Kind
  /// The shortest event path from the initial state that shows it (`nil` for what is
  /// never reached).
  public var path: ExplorerPath<State, Event>?
  /// One paragraph saying what was found, with the path's events. Deterministic.
  public var message: String
  /// A short name for files and tests: `invariant-only-valid-forms-are-submitted`.
  package var slug: String
}
