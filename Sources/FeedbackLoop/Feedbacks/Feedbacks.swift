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
public enum FeedbacksBuilder<State: Sendable, Event: Sendable> {
  /// A `Feedback<State, Event>` written in the block, as its parts.
  public static func buildExpression(_ feedback: Feedback<State, Event>) -> [Feedback<State, Event>] {
    [feedback]
  }

  /// A `Feedbacks<State, Event>` written in the block, as its parts.
  public static func buildExpression(_ feedbacks: Feedbacks<State, Event>) -> [Feedback<State, Event>] {
    feedbacks.list
  }

  /// The parts of a block, in order.
  public static func buildBlock(_ parts: [Feedback<State, Event>]...) -> [Feedback<State, Event>] {
    parts.flatMap { $0 }
  }

  /// The parts of an `if` without `else`: none when the condition is false.
  public static func buildOptional(_ part: [Feedback<State, Event>]?) -> [Feedback<State, Event>] {
    part ?? []
  }

  /// The parts of an `if` branch (or a `switch` case).
  public static func buildEither(first part: [Feedback<State, Event>]) -> [Feedback<State, Event>] {
    part
  }

  /// The parts of an `else` branch (or a later `switch` case).
  public static func buildEither(second part: [Feedback<State, Event>]) -> [Feedback<State, Event>] {
    part
  }

  /// The parts of every pass of a `for` loop, in order.
  public static func buildArray(_ parts: [[Feedback<State, Event>]]) -> [Feedback<State, Event>] {
    parts.flatMap { $0 }
  }
}
