/// A Combine scheduler action, passed on to a `LoopScheduler`.
///
/// Why `@unchecked Sendable` is safe: Combine's `Scheduler` protocol hands actions to a
/// scheduler so that it runs them on whatever thread it chooses — that is the protocol's
/// purpose, and Dispatch's conformance sends them across threads the same way; it predates
/// `Sendable` and cannot say so. The operators that schedule these actions (`debounce`,
/// `delay`, …) guard their own state with locks. Each action is run at most once per
/// scheduling, serially with the loop scheduler's other actions.
struct UncheckedAction: @unchecked Sendable {
  let body: () -> Void

  init(_ body: @escaping () -> Void) {
    self.body = body
  }

  var run: @Sendable () -> Void {
    { self.body() }
  }

  /// The action, run with `owner` as the current effect (so that the timers it schedules
  /// belong to that effect too); itself when there is no owner.
  func owned(by owner: EffectTimers?) -> UncheckedAction {
    guard let owner else { return self }
    return UncheckedAction { owner.run(body) }
  }
}
