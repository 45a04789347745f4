/// How strictly a ``LoopRecorder`` checks a test.
public enum Exhaustivity: Equatable, Sendable {
  /// Every event must be asserted, in order, with its state; at the end no event may be
  /// left unasserted, no effect running and no timer pending. The default.
  case on
  /// Only what the test asserts is checked: `receive` skips the events before the one it
  /// names, a `send` or `receive` without a closure checks no state (with one, the closure
  /// turns the state before that step into the expected one), and the end checks nothing.
  /// With `showSkipped`, what was skipped is printed.
  case off(showSkipped: Bool = false)
}
