#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import FeedbackLoop
import FeedbackLoopCombine
import FeedbackLoopTesting
import Testing

@Suite struct LoopStatesPublisherTests {
  static let counter = System<Int, Int>(initial: 0, reduce: { count, delta in count + delta })

  @Test func publishesTheCurrentStateThenEveryNewOneAndFinishesOnStop() {
    let loop = Loop(Self.counter)
    loop.send(5)
    var states: [Int] = []
    var finished = false
    let subscription = loop.statesPublisher.sink(
      receiveCompletion: { _ in finished = true }, receiveValue: { states.append($0) })
    loop.send(1)
    loop.send(2)
    #expect(states == [5, 6, 8])
    #expect(!finished)
    loop.stop()
    #expect(finished)
    subscription.cancel()
  }

  @Test func aSubscriberThatSendsFromItsSinkIsNotReentered() {
    let loop = Loop(Self.counter)
    var states: [Int] = []
    var depth = 0
    var deepest = 0
    let subscription = loop.statesPublisher.sink { state in
      depth += 1
      deepest = max(deepest, depth)
      states.append(state)
      if state < 3 { loop.send(1) }  // the immediate scheduler reduces it at once
      depth -= 1
    }
    #expect(states == [0, 1, 2, 3])
    #expect(deepest == 1)
    subscription.cancel()
  }

  @Test func demandIsHonoured() {
    let loop = Loop(Self.counter)
    let subscriber = OneAtATime()
    loop.statesPublisher.subscribe(subscriber)
    loop.send(1)
    loop.send(1)
    #expect(subscriber.received == [0])  // asked for one
    subscriber.subscription?.request(.max(2))
    #expect(subscriber.received == [0, 1, 2])
    subscriber.subscription?.cancel()
    loop.send(1)
    #expect(subscriber.received == [0, 1, 2])
  }

  @Test func cancellingStopsObservingTheLoop() {
    let loop = Loop(Self.counter)
    var states: [Int] = []
    let subscription = loop.statesPublisher.sink { states.append($0) }
    subscription.cancel()
    loop.send(1)
    #expect(states == [0])
  }
}

/// A subscriber that asks for one state when subscribed, then only what the test requests.
final class OneAtATime: Subscriber {
  typealias Input = Int
  typealias Failure = Never
  var subscription: (any Subscription)?
  var received: [Int] = []

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    subscription.request(.max(1))
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    received.append(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {}
}
