import FeedbackGraph

/// Who watches a loop: one call per step (a ``ProbeStep``), on the loop's turn, one at a time.
///
/// The loop calls it through ``record(_:)``, a method of a `let` reference: a closure
/// called that way is not retained around the call, and retains cost more than recording.
/// A public `onStep` observer of `LoopStep` values and the test kit's recorder are both
/// step observers; only their closures differ.
@usableFromInline
package final class StepObserver<State: Sendable, Event: Sendable>: Sendable {
  @usableFromInline let onStep: @Sendable (ProbeStep<State, Event>) -> Void

  /// Reports one step.
  @inlinable
  package func record(_ step: ProbeStep<State, Event>) {
    onStep(step)
  }

  /// A probe that hands every step to `onStep`.
  @inlinable
  package init(_ onStep: @escaping @Sendable (ProbeStep<State, Event>) -> Void) {
    self.onStep = onStep
  }

  /// A probe that turns every step into `LoopStep` values for `onStep`, naming feedbacks
  /// by `feedbackNames` beside their ids.
  @inlinable
  package convenience init(onStep: @escaping @Sendable (LoopStep<State, Event>) -> Void, feedbackNames: [String]) {
    self.init { step in
      for step in step.expanded {
        onStep(LoopStep(step, feedbackNames: feedbackNames))
      }
    }
  }
}
