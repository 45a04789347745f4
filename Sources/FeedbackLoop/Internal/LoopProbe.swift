/// What a loop reports about itself, and to whom.
///
/// The public face is the `monitor` closure of ``LoopActivity`` values; inside the package
/// the test kit's recorder plugs in directly, because the two things a loop does on every
/// cycle — run a synchronous effect, reduce an event — would otherwise cost four activities
/// (strings, enum payloads, four calls) per cycle. Here they are one call each, with
/// feedbacks and transitions as indices.
///
/// All three are called on the loop's turn, one call at a time. The loop calls them through
/// the methods below: a closure called through a method of a `let` reference is not retained
/// around the call, and retains cost more than the recording itself.
@usableFromInline
package final class LoopProbe<State: Sendable, Event: Sendable>: Sendable {
  /// How an event step ended.
  @usableFromInline
  package enum Outcome: Sendable {
    /// A declared transition (or the reducer) produced the new state.
    case reduced
    /// No declared transition accepts the event in this state.
    case ignored
    /// A declared transition produced a state outside its declared targets.
    case undeclared
  }

  @usableFromInline let onActivity: @Sendable (LoopActivity<State, Event>) -> Void
  @usableFromInline let onSynchronousEffect: @Sendable (_ id: EffectID, _ feedback: Int, _ event: Event) -> Void
  @usableFromInline let onEvent:
    @Sendable (
      _ outcome: Outcome, _ event: Event, _ source: Int, _ before: State, _ after: State, _ transition: Int
    ) -> Void

  /// Any activity the two entry points below do not cover.
  @inlinable
  package func activity(_ activity: LoopActivity<State, Event>) {
    onActivity(activity)
  }

  /// A synchronous effect of the feedback at index `feedback` ran as `id`: it started,
  /// emitted `event` and finished.
  @inlinable
  package func synchronousEffect(_ id: EffectID, _ feedback: Int, _ event: Event) {
    onSynchronousEffect(id, feedback, event)
  }

  /// `event` from `source` (a feedback's index, or -1 for `send`) turned `before` into
  /// `after` (equal to `before` when ignored), by declared transition `transition` (-1 for
  /// none).
  @inlinable
  package func event(_ outcome: Outcome, _ event: Event, _ source: Int, _ before: State, _ after: State, _ transition: Int) {
    onEvent(outcome, event, source, before, after, transition)
  }

  /// A probe from its three entry points.
  @inlinable
  package init(
    activity: @escaping @Sendable (LoopActivity<State, Event>) -> Void,
    synchronousEffect: @escaping @Sendable (EffectID, Int, Event) -> Void,
    event: @escaping @Sendable (Outcome, Event, Int, State, State, Int) -> Void
  ) {
    (onActivity, onSynchronousEffect, onEvent) = (activity, synchronousEffect, event)
  }

  /// A probe that turns everything into ``LoopActivity`` values for `monitor`.
  @inlinable
  package convenience init(monitor: @escaping @Sendable (LoopActivity<State, Event>) -> Void, feedbackNames: [String]) {
    let synchronousEffect: @Sendable (EffectID, Int, Event) -> Void = { id, feedback, event in
      let name = feedbackNames[feedback]
      monitor(.effectStarted(id, feedback: name))
      monitor(.effectEmitted(id, feedback: name, event: event))
      monitor(.effectFinished(id, feedback: name))
    }
    let event: @Sendable (Outcome, Event, Int, State, State, Int) -> Void = { outcome, event, source, before, after, transition in
      let source: EventSource = source < 0 ? .external : .feedback(feedbackNames[source])
      switch outcome {
      case .reduced:
        monitor(
          .reduced(
            event: event, source: source, before: before, after: after,
            transition: transition < 0 ? nil : Self.transitionID(transition)))
      case .ignored:
        monitor(.ignored(event: event, source: source, state: before))
      case .undeclared:
        monitor(
          .undeclaredTransition(
            event: event, source: source, before: before, after: after, transition: Self.transitionID(transition)))
      }
    }
    self.init(activity: monitor, synchronousEffect: synchronousEffect, event: event)
  }

  /// The id of the declared transition at `index`, as ``LoopActivity`` and the graph name
  /// it: `"t0"`, `"t1"`, …
  @inlinable
  package static func transitionID(_ index: Int) -> String {
    "t\(index)"
  }
}
