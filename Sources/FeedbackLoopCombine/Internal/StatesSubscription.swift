#if canImport(Combine)
  internal import Combine
#else
  internal import OpenCombine
#endif
import FeedbackLoop
import Synchronization

/// One subscriber's subscription to a loop's states.
///
/// States arrive from the loop's turn (any thread) and demand from the subscriber (any
/// thread); both go through one lock-protected queue, and whoever finds nobody delivering
/// becomes the deliverer and calls the subscriber outside the lock until there is nothing
/// to deliver. So the subscriber is never called concurrently nor re-entered, even when it
/// sends an event to a loop that reduces it synchronously.
final class StatesSubscription<Downstream: Subscriber>: Subscription, StatesSink, Sendable
where Downstream.Failure == Never, Downstream.Input: Sendable {
  private struct Book {
    var subscriber: UncheckedSubscriber<Downstream>?
    var observation: LoopObservation?
    var buffer: [Downstream.Input] = []
    var head = 0
    var demand = Subscribers.Demand.none
    var finishing = false
    var delivering = false
    /// True until the current state is placed at the front of the buffer.
    var waitingForCurrent = true
  }

  private let book: Mutex<Book>

  init(subscriber: Downstream) {
    book = Mutex(Book(subscriber: UncheckedSubscriber(subscriber)))
  }

  func attach<State, Event>(to loop: Loop<State, Event>) where State == Downstream.Input {
    let sink: any StatesSink<State> = self
    let (current, observation) = loop.observeFromCurrent(
      { [weak sink] state in sink?.enqueue(state) },
      onStop: { [weak sink] in sink?.finishWhenDrained() })
    let cancelled = book.withLock { book -> Bool in
      guard book.subscriber != nil else { return true }
      book.buffer.insert(current, at: book.head)
      book.waitingForCurrent = false
      book.observation = observation
      return false
    }
    if cancelled { observation.cancel() }
    deliver()
  }

  func request(_ demand: Subscribers.Demand) {
    book.withLock { $0.demand += demand }
    deliver()
  }

  func cancel() {
    let observation = book.withLock { book -> LoopObservation? in
      book.subscriber = nil
      book.buffer = []
      book.head = 0
      defer { book.observation = nil }
      return book.observation
    }
    observation?.cancel()
  }

  func enqueue(_ state: Downstream.Input) {
    book.withLock { book in
      if book.subscriber != nil { book.buffer.append(state) }
    }
    deliver()
  }

  func finishWhenDrained() {
    book.withLock { $0.finishing = true }
    deliver()
  }

  /// Delivers what the demand allows, unless another call is already delivering (that
  /// call's loop picks up what this one added).
  private func deliver() {
    let start = book.withLock { book -> Bool in
      guard !book.delivering, !book.waitingForCurrent else { return false }
      book.delivering = true
      return true
    }
    guard start else { return }
    while true {
      let next = book.withLock { book -> Delivery<Downstream> in
        guard let subscriber = book.subscriber else {
          book.delivering = false
          return .stop
        }
        if book.head < book.buffer.count, book.demand > 0 {
          let value = book.buffer[book.head]
          book.head += 1
          if book.head == book.buffer.count {
            book.buffer.removeAll(keepingCapacity: true)
            book.head = 0
          }
          book.demand -= 1
          return .value(subscriber, value)
        }
        if book.finishing, book.head == book.buffer.count {
          book.subscriber = nil
          book.delivering = false
          return .finish(subscriber)
        }
        book.delivering = false
        return .stop
      }
      switch next {
      case .value(let subscriber, let value):
        let more = subscriber.value.receive(value)
        if more > 0 { book.withLock { $0.demand += more } }
      case .finish(let subscriber):
        subscriber.value.receive(completion: Subscribers.Completion<Never>.finished)
        return
      case .stop:
        return
      }
    }
  }
}

/// What the deliverer does next.
private enum Delivery<Downstream: Subscriber> {
  case value(UncheckedSubscriber<Downstream>, Downstream.Input)
  case finish(UncheckedSubscriber<Downstream>)
  case stop
}

/// What a loop's observer calls on a subscription (an existential, so that the observer
/// closures do not capture the subscriber's type).
protocol StatesSink<State>: AnyObject, Sendable {
  associatedtype State
  func enqueue(_ state: State)
  func finishWhenDrained()
}

/// The downstream subscriber, kept under the subscription's lock.
///
/// Why `@unchecked Sendable` is safe: it is called only by the one deliverer at a time
/// (see `StatesSubscription.deliver()`), never concurrently, as Combine requires.
struct UncheckedSubscriber<Downstream: Subscriber>: @unchecked Sendable {
  let value: Downstream

  init(_ value: Downstream) {
    self.value = value
  }
}
