extension StatePattern {
  /// Every value of any of the enum cases named: one transition for several source cases.
  ///
  /// ```swift
  /// Transition(from: .cases("paying", "challenge"), on: .cancel, to: .idle)
  /// ```
  ///
  /// A transition table declares it as one transition per case, in the order written
  /// (`paying —cancel→ idle`, then `challenge —cancel→ idle`): each is an edge of its own in
  /// the figures, in coverage, in the explorer and for mutants, exactly as if it had been
  /// written twice. A name written twice counts once.
  public static func cases(_ first: String, _ others: String...) -> StatePattern {
    oneOf(.case(first), others.map { .case($0) })
  }

  /// Every state one of `patterns` accepts: one transition for several sources, whatever
  /// their kind (a typed case pattern of the `FeedbackLoopCasePaths` add-on, a value, a
  /// case by name).
  ///
  /// ```swift
  /// Transition(from: .oneOf(.case("paying"), .value(.challenge(attempt: 3))), on: .cancel, to: .idle)
  /// ```
  ///
  /// As with ``cases(_:_:)``, a transition table declares one transition per pattern, in
  /// the order written; a pattern that is itself `oneOf` stands for its own patterns, and
  /// a case named by a string
  /// that is already among them counts once. `.any` among them
  /// makes the whole pattern `.any`'s single transition.
  public static func oneOf(_ first: StatePattern, _ others: StatePattern...) -> StatePattern {
    oneOf(first, others)
  }

  static func oneOf(_ first: StatePattern, _ others: [StatePattern]) -> StatePattern {
    var flat: [StatePattern] = []
    for pattern in [first] + others {
      for single in pattern.alternatives ?? [pattern] {
        if single.pattern.isAny { return .any }
        let seen =
          single.pattern.matchesByName && flat.contains { $0.pattern.matchesByName && $0.name == single.name }
        if !seen { flat.append(single) }
      }
    }
    if flat.count == 1 { return flat[0] }
    let tests = flat.map(\.pattern)
    let name = flat.compactMap(\.name).joined(separator: " | ")
    return StatePattern(
      pattern: ValuePattern(kind: .enumCase({ state in tests.contains { $0.matches(state) } }), name: name),
      sample: nil, alternatives: flat)
  }

  /// The single patterns this one stands for: its alternatives, or itself.
  var singles: [StatePattern] { alternatives ?? [self] }
}
