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
    let names = Feedback(name, emits: emits) { _ in .none }.emits
    return stateSource(name, emitting: names) {
      let states = StatesSubject<State>()
      let timers = EffectTimers()
      return (
        start: { send, _ in
          var cancellable: AnyCancellable?
          timers.run {
            cancellable = events(states.publisher)
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
