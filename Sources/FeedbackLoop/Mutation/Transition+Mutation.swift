extension Transition {
  /// The same transition (guard and label kept), leading to `state`.
  func retargeted(to state: State) -> Transition {
    var copy = Transition(from: from, on: on, to: state, label: label)
    copy.condition = condition
    return copy
  }

  /// The same computed transition (targets, guard and label kept), returning its source
  /// state unchanged; `nil` for a transition to a fixed state.
  func skippingComputation() -> Transition? {
    guard case .computed(let targets, _) = target else { return nil }
    var copy = Transition(from: from, on: on, label: label, targets: targets) { state, _ in state }
    copy.condition = condition
    return copy
  }

  /// The same computed transition (targets, guard and label kept), returning `state`
  /// whatever it would compute; `nil` for a transition to a fixed state or when no declared
  /// target accepts `state`.
  func returning(_ state: State) -> Transition? {
    guard case .computed(let targets, _) = target, targets.contains(where: { $0.matches(state) }) else { return nil }
    var copy = Transition(from: from, on: on, label: label, targets: targets) { _, _ in state }
    copy.condition = condition
    return copy
  }

  /// The same transition without its guard.
  func unguarded() -> Transition {
    var copy = self
    copy.condition = nil
    return copy
  }

  /// The same transition, its guard negated (unchanged when it has none).
  func negatingGuard() -> Transition {
    guard let condition else { return self }
    var copy = self
    let test = condition.test
    copy.condition = Guard(description: "not (\(condition.description))") { state, event in !test(state, event) }
    return copy
  }

  /// The same transition, matching nothing: as if it were not declared.
  func neverMatching() -> Transition {
    var copy = self
    copy.condition = Guard(description: "never") { _, _ in false }
    return copy
  }
}
