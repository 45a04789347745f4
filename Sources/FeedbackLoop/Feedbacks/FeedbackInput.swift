import FeedbackGraph
import FeedbackLoopSupport

/// A channel for events that come from outside the state (a user interface, a
/// notification), delivered to every loop whose system has a `Feedback.input` on it.
///
/// ```swift
/// enum CounterEvent: Hashable, Sendable { case increment }
///
/// let taps = FeedbackInput<CounterEvent>()
/// let system = System<Int, CounterEvent>(initial: 0) {
///   Reducer { count, _ in count += 1 }
///   Feedbacks { Feedback.input("taps", taps) }
/// }
/// let loop = Loop(system)
/// taps.send(.increment)  // reduced with source "taps"
/// ```
///
/// Thread-safe. Loops are held weakly through their subscriptions: a stopped loop drops
/// off.
public final class FeedbackInput<Event: Sendable>: Sendable {
  private let subscribers = Protected<(next: Int, sends: [Int: Send<Event>])>((0, [:]))

  /// Creates an input.
  public init() {}

  /// Sends `event` to every attached loop.
  public func send(_ event: Event) {
    let sends = subscribers.withLock { Array($0.sends.values) }
    for send in sends { send(event) }
  }

  func subscribe(_ send: Send<Event>) -> @Sendable () -> Void {
    let id = subscribers.withLock { state in
      let id = state.next
      state.next += 1
      state.sends[id] = send
      return id
    }
    return { [weak self] in _ = self?.subscribers.withLock { $0.sends.removeValue(forKey: id) } }
  }
}
