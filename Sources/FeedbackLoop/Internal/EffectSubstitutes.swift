public import FeedbackGraph

/// What replay (`FeedbackLoopTesting.TraceReplay`) puts in place of a loop's side effects,
/// so that a recorded run can be re-run with nothing real happening: no network, no timers
/// of the effects' own, no subscriptions to the app's inputs.
@usableFromInline
package struct EffectSubstitutes<Event: Sendable>: Sendable {
  /// The operation to run instead of an async effect, given the feedback that starts it
  /// and the id it gets. Replaced effects run on the loop's own scheduler, even when their
  /// feedback executes on another one, so that replay stays deterministic.
  @usableFromInline let effect:
    @Sendable (FeedbackID, EffectID) -> @Sendable (Send<Event>, any Clock<Duration>) async throws -> Void
  /// What to do instead of subscribing an input or mediator feedback: receives the
  /// feedback's `Send` (which replay calls where the recording says an event came in) and
  /// returns what unsubscribes.
  @usableFromInline let source: @Sendable (FeedbackID, Send<Event>) -> @Sendable () -> Void

  /// Hooks from their two parts.
  package init(
    effect:
      @escaping @Sendable (FeedbackID, EffectID) -> @Sendable (Send<Event>, any Clock<Duration>) async throws -> Void,
    source: @escaping @Sendable (FeedbackID, Send<Event>) -> @Sendable () -> Void
  ) {
    self.effect = effect
    self.source = source
  }
}
