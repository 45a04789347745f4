public import CasePaths
public import FeedbackLoop

extension StatePattern where State: CasePathIterable {
  /// Every state of the enum case `keyPath` names, whatever its payload — checked by the
  /// compiler: a case that does not exist is a compile error, not a pattern that silently
  /// never matches.
  ///
  /// ```swift
  /// @CasePathable
  /// enum Screen: Hashable, Sendable { case loading, loaded([Movie]), failed(String) }
  ///
  /// Transition(from: .case(\.loading), on: .case(\.didLoad), targets: [.case(\.loaded)]) { … }
  /// Feedback.on("fetch", .case(\.loading)) { _ in .task { … } }
  ///
  /// // A typo does not compile (Swift 6.3; the compiler then tries the string overload):
  /// // Transition(from: .case(\.loadng), …)
  /// // error: cannot convert value of type 'KeyPath<Root, Value>' to expected argument type 'String'
  /// // error: cannot infer key path type from context; consider explicitly specifying a root type
  /// ```
  ///
  /// Prefer it to `.case("loading")` wherever the add-on's build cost (swift-syntax, for
  /// the `@CasePathable` macro) is acceptable: the two match and draw the same way, but a
  /// typo in the string form is only found by a failing test, if one exists.
  public static func `case`<Value>(_ keyPath: CaseKeyPath<State, Value> & Sendable) -> StatePattern {
    .case(CaseName.of(keyPath), where: { $0.is(keyPath) })
  }
}

extension EventPattern where Event: CasePathIterable {
  /// Every event of the enum case `keyPath` names, whatever its payload — checked by the
  /// compiler, as for ``FeedbackLoop/StatePattern``'s typed `.case(_:)`.
  ///
  /// ```swift
  /// Transition(from: .case(\.loading), on: .case(\.didLoad), targets: [.case(\.loaded)]) { … }
  /// loop.receive(.case(\.didLoad), from: "fetch") { $0 = .loaded(movies) }
  ///
  /// // A typo does not compile:
  /// // loop.receive(.case(\.didLod))
  /// // error: cannot convert value of type 'KeyPath<Root, Value>' to expected argument type 'String'
  /// ```
  public static func `case`<Value>(_ keyPath: CaseKeyPath<Event, Value> & Sendable) -> EventPattern {
    .case(CaseName.of(keyPath), where: { $0.is(keyPath) })
  }
}
