#if canImport(Combine)
  public import Combine
#else
  public import OpenCombine
#endif
public import FeedbackLoop

/// The states of a running loop as a publisher: the current state first, then every new
/// state; it finishes when the loop stops. (CombineFeedback's and Feedbacks' `state`
/// publisher, for UIKit views and other Combine code.)
///
/// ```swift
/// let loop = Loop(counter)
/// loop.statesPublisher
///   .map(\.value)
///   .sink { label.text = "\($0)" }
///   .store(in: &subscriptions)
/// ```
///
/// Each subscriber gets every state from the one current when it subscribes, none missed
/// or repeated, in order, honouring its demand (states beyond the demand wait in an
/// unbounded buffer). Values are delivered on the loop's turn; use `.receive(on:)` to move
/// them. The publisher holds its loop strongly while subscribed; cancelling releases it.
public struct LoopStatesPublisher<State: Sendable, Event: Sendable>: Publisher {
  /// The loop's states.
  public typealias Output = State
  /// Never fails: it finishes when the loop stops.
  public typealias Failure = Never

  /// The loop whose states are published.
  let loop: Loop<State, Event>

  /// A publisher of `loop`'s states.
  init(_ loop: Loop<State, Event>) {
    self.loop = loop
  }

  /// Attaches `subscriber`: it is sent a subscription, then the states it asks for.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == State, S.Failure == Never {
    let subscription = StatesSubscription(subscriber: subscriber)
    subscriber.receive(subscription: subscription)
    subscription.attach(to: loop)
  }
}

extension Loop {
  /// The loop's states as a Combine publisher: the current state, then every new one.
  ///
  /// ```swift
  /// loop.statesPublisher.sink { render($0) }.store(in: &subscriptions)
  /// ```
  public var statesPublisher: LoopStatesPublisher<State, Event> {
    LoopStatesPublisher(self)
  }
}
