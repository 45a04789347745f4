/// Emits events from a running effect into its loop.
///
/// Call it like a function: `send(.didLoad(page))`. Events sent after the effect was
/// cancelled, or after the loop stopped, are dropped. `Send` holds its loop weakly, so an
/// effect never keeps a loop alive.
public struct Send<Event: Sendable>: Sendable {
  let deliver: @Sendable (Event) -> Void

  /// Creates a `Send` that calls `deliver` for each event (for tests of effect closures).
  public init(_ deliver: @escaping @Sendable (Event) -> Void) {
    self.deliver = deliver
  }

  /// Emits `event`.
  public func callAsFunction(_ event: Event) {
    deliver(event)
  }
}
