/// How a ``Mutant`` changes a system's declared table or feedbacks.
package enum MutationOperator: String, Codable, Hashable, Sendable, CaseIterable {
  /// A transition leads to another declared state instead of its own target.
  case retarget
  /// A transition is gone: its event is ignored where it matched (or a later one matches).
  case dropTransition
  /// A guard is gone: the transition matches whatever the guard said.
  case dropGuard
  /// A guard is negated: the transition matches exactly where it did not.
  case negateGuard
  /// Two transitions that compete for the same state and event are tried in the other order.
  case swapOrder
  /// A feedback is disabled: it starts no effect and emits nothing.
  case disableFeedback
  /// A feedback's effects no longer deliver one of the events it declares.
  case dropEmission
  /// A computed transition returns its source state unchanged: its computation is skipped.
  case skipComputation
  /// A feedback's effects emit another of the events it declares instead of one.
  case swapEmission
  /// A feedback's effects see the loop's clock at half speed: each wait lasts twice as long.
  case slowClock
  /// A feedback's effects see the loop's clock at double speed: each wait lasts half as long.
  case fastClock
  /// A computed transition that declares several target cases returns a value of one of
  /// them, taken from a trace the tests recorded, whatever it would compute.
  case retargetComputed
}
