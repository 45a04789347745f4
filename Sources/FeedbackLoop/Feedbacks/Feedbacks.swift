/// A group of feedbacks, in declaration order, with modifiers that apply to each of them.
///
/// ```swift
/// enum Power: Hashable, Sendable { case on(Int), off }
/// enum PowerEvent: Hashable, Sendable { case tick }
/// let logging = true
///
/// let feedbacks = Feedbacks<Power, PowerEvent> {
///   Feedback("timer", emits: [.tick]) { state, clock in
///     try await clock.sleep(for: .seconds(1))
///     return .tick
///   }
///   if logging {
///     Feedback("log") { state in
///       print(state)
///       return .none
///     }
///   }
/// }
/// .disabled(when: { $0 == .off })
/// ```
///
/// A group's modifier applies to each feedback as if written on it, after the feedback's
/// own: settings (``execute(on:)``, ``strategy(_:)``) reach only the feedbacks that chose
/// none, conditions and callbacks add to theirs (see "How modifiers compose" in
/// ``Feedback``).
public struct Feedbacks<State: Sendable, Event: Sendable>: Sendable {
  /// The feedbacks, in declaration order.
  public let list: [Feedback<State, Event>]

  /// Declares feedbacks.
  public init(@FeedbacksBuilder<State, Event> _ feedbacks: () -> [Feedback<State, Event>]) {
    self.list = feedbacks()
  }

  init(list: [Feedback<State, Event>]) {
    self.list = list
  }

  /// Every feedback of the group with ``Feedback/disabled(when:)``, added to its own
  /// conditions.
  public func disabled(when condition: @escaping @Sendable (State) -> Bool) -> Feedbacks {
    Feedbacks(list: list.map { $0.disabled(when: condition) })
  }

  /// Every feedback of the group that chose no scheduler, with ``Feedback/execute(on:)``
  /// (the innermost choice wins).
  public func execute(on scheduler: any LoopScheduler) -> Feedbacks {
    Feedbacks(list: list.map { $0.execute(on: scheduler) })
  }

  /// Every feedback of the group with ``Feedback/onStateReceived(_:)``.
  public func onStateReceived(_ action: @escaping @Sendable (State) -> Void) -> Feedbacks {
    Feedbacks(list: list.map { $0.onStateReceived(action) })
  }

  /// Every feedback of the group with ``Feedback/onEventEmitted(_:)``.
  public func onEventEmitted(_ action: @escaping @Sendable (Event) -> Void) -> Feedbacks {
    Feedbacks(list: list.map { $0.onEventEmitted(action) })
  }

  /// Every feedback of the group that chose no strategy, with ``Feedback/strategy(_:)``
  /// (the innermost choice wins).
  public func strategy(_ strategy: ExecutionStrategy) -> Feedbacks {
    Feedbacks(list: list.map { $0.strategy(strategy) })
  }
}

/// Builds the list of feedbacks inside `Feedbacks { … }`.
@resultBuilder
public enum FeedbacksBuilder<State: Sendable, Event: Sendable>: ListBuilder {
  /// A feedback: the block builds the system's list of feedbacks.
  public typealias Component = Feedback<State, Event>

  /// A `Feedback<State, Event>` written in the block, as its parts.
  public static func buildExpression(_ feedback: Feedback<State, Event>) -> [Feedback<State, Event>] {
    [feedback]
  }

  /// A `Feedbacks<State, Event>` written in the block, as its parts.
  public static func buildExpression(_ feedbacks: Feedbacks<State, Event>) -> [Feedback<State, Event>] {
    feedbacks.list
  }
}
