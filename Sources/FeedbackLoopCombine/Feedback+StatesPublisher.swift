#if canImport(Combine)
  public import Combine
#else
  public import OpenCombine
#endif
public import FeedbackLoop

extension Feedback {
  /// A feedback over the publisher of states (Feedbacks' `sideEffect: (AnyPublisher<State,
  /// Never>) -> AnyPublisher<Event, Never>`, ReactiveFeedback's `Feedback(events:)`): the
  /// home of time operators across states, such as search-as-you-type.
  ///
  /// ```swift
  /// Feedback.states("search", emits: [.search("")]) { states in
  ///   states.map(\.query).removeDuplicates()
  ///     .debounce(for: .milliseconds(300), scheduler: scheduler)
  ///     .map(SearchEvent.search)
  /// }
  /// ```
  ///
  /// The publisher is subscribed once, when the loop starts — before the initial state,
  /// which it receives first — and cancelled when the loop stops, with the timers it
  /// scheduled through a ``LoopCombineScheduler`` (those are cancelled too when the
  /// publisher finishes). Give its time operators the loop's
  /// scheduler (`scheduler.combine`): on a `TestScheduler` they then fire at exact virtual
  /// times. Its events come from this feedback; it starts no effect per state.
  ///
  /// - Parameters:
  ///   - name: the feedback's name (the source of its events, its node in diagrams).
  ///   - emits: the events it may emit, for diagrams and the explorer.
  ///   - events: the events, from the publisher of states.
  public static func states<P: Publisher & SendableMetatype>(
    _ name: String, emits: [Event] = [],
    _ events: @escaping @Sendable (_ states: AnyPublisher<State, Never>) -> P
  ) -> Feedback where P.Output == Event, P.Failure == Never {
    statesPublisher(name, emits: emits) { states, _ in events(states) }
  }

  /// A feedback over the publisher of states whose closure is handed the loop's scheduler
  /// for its time operators: the one the loop runs on (or the feedback's own, with
  /// `execute(on:)`), so nothing has to be passed twice.
  ///
  /// ```swift
  /// Feedback.states("search", emits: [.search("")]) { states, scheduler in
  ///   states.map(\.query).removeDuplicates()
  ///     .debounce(for: .milliseconds(300), scheduler: scheduler)
  ///     .map(SearchEvent.search)
  /// }
  /// ```
  ///
  /// Otherwise it is the feedback over the publisher of states above: subscribed once,
  /// when the loop starts, and cancelled with its timers when the loop stops.
  ///
  /// - Parameters:
  ///   - name: the feedback's name (the source of its events, its node in diagrams).
  ///   - emits: the events it may emit, for diagrams and the explorer.
  ///   - events: the events, from the publisher of states and the loop's scheduler.
  public static func states<P: Publisher & SendableMetatype>(
    _ name: String, emits: [Event] = [],
    _ events: @escaping @Sendable (_ states: AnyPublisher<State, Never>, _ scheduler: LoopCombineScheduler) -> P
  ) -> Feedback where P.Output == Event, P.Failure == Never {
    statesPublisher(name, emits: emits, events)
  }

  /// The feedback over the publisher of states, subscribed with the loop's scheduler.
  static func statesPublisher<P: Publisher & SendableMetatype>(
    _ name: String, emits: [Event],
    _ events: @escaping @Sendable (_ states: AnyPublisher<State, Never>, _ scheduler: LoopCombineScheduler) -> P
  ) -> Feedback where P.Output == Event, P.Failure == Never {
    let names = Feedback(name, emits: emits) { _ in .none }.emits
    return stateSource(name, emitting: names) {
      let states = StatesSubject<State>()
      let timers = EffectTimers()
      return (
        start: { send, scheduler in
          var cancellable: AnyCancellable?
          timers.run {
            cancellable = events(states.publisher, LoopCombineScheduler(scheduler))
              .sink(receiveCompletion: { _ in timers.end() }, receiveValue: { send($0) })
          }
          let subscription = UncheckedCancellable(cancellable!)
          return {
            subscription.value.cancel()
            timers.end()
          }
        },
        onState: { state in timers.run { states.send(state) } }
      )
    }
  }
}

/// The subject a feedback over the publisher of states feeds.
///
/// Why `@unchecked Sendable` is safe: subjects are thread-safe in Combine and OpenCombine,
/// and this one is fed only from its loop's turn, one state at a time.
final class StatesSubject<State>: @unchecked Sendable {
  private let subject = PassthroughSubject<State, Never>()

  /// The states, as the feedback's closure sees them.
  var publisher: AnyPublisher<State, Never> { subject.eraseToAnyPublisher() }

  /// Publishes `state`.
  func send(_ state: State) {
    subject.send(state)
  }
}
