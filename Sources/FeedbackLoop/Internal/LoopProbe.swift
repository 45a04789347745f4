import FeedbackGraph

/// Who watches a loop: one call per ``LoopStep``, on the loop's turn, one at a time.
///
/// The loop calls it through ``record(_:)``, a method of a `let` reference: a closure
/// called that way is not retained around the call, and retains cost more than recording.
/// The public `monitor` of ``LoopActivity`` values and the test kit's recorder are both
/// probes; only their closures differ.
@usableFromInline
package final class LoopProbe<State: Sendable, Event: Sendable>: Sendable {
  @usableFromInline let onStep: @Sendable (LoopStep<State, Event>) -> Void

  /// Reports one step.
  @inlinable
  package func record(_ step: LoopStep<State, Event>) {
    onStep(step)
  }

  /// A probe that hands every step to `onStep`.
  @inlinable
  package init(_ onStep: @escaping @Sendable (LoopStep<State, Event>) -> Void) {
    self.onStep = onStep
  }

  /// A probe that turns every step into ``LoopActivity`` values for `monitor`, naming
  /// feedbacks by `feedbackNames`.
  @inlinable
  package convenience init(monitor: @escaping @Sendable (LoopActivity<State, Event>) -> Void, feedbackNames: [String]) {
    self.init { step in
      for step in step.expanded {
        monitor(LoopActivity(step, feedbackNames: feedbackNames))
      }
    }
  }
}
