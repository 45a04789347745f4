/// A registration made by ``Mediator/observe(_:)``; ``cancel()`` ends it.
public struct MediatorObservation: Sendable {
  let end: @Sendable () -> Void

  /// Stops delivering values to the observer. Idempotent.
  public func cancel() {
    end()
  }
}
