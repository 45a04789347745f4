extension Feedback {
  /// A feedback over the stream of states (ReactiveFeedback's and RxFeedback's most general
  /// feedback): `events` receives the loop's states as an async sequence — the initial
  /// state first, then every new state, in order — and the loop's clock, and returns the
  /// events to send.
  ///
  /// ```swift
  /// Feedback.states("autosave", emits: [.saved("")]) { states, clock in
  ///   states.map { draft in
  ///     try? await clock.sleep(for: .seconds(1))  // on the loop's clock: virtual in tests
  ///     return EditorEvent.saved(draft)
  ///   }
  /// }
  /// ```
  ///
  /// The sequence runs for the loop's lifetime, as one long effect: it starts when the
  /// loop starts, on the loop's scheduler (its executor and clock), and is cancelled when
  /// the loop stops. Its events come from this feedback, as an input's do; it starts no
  /// effect per state, so strategies do not apply. States are buffered: a slow sequence
  /// sees every one of them.
  ///
  /// **Time operators.** The clock is a ``LoopClock``, one concrete `Clock`, so
  /// swift-async-algorithms' operators take it: `debounce(for:clock:)`,
  /// `_throttle(for:clock:latest:)` (underscored in 1.1), and `flatMapLatest` for
  /// latest-wins work (a new query cancels the search in flight). See <doc:ComingFromRxFeedback> for RxFeedback's paginated search
  /// written that way.
  ///
  /// **Determinism.** On a `TestScheduler` the sequence, its operators and the tasks they
  /// or you start inside it (`Task { }`, task groups, `async let`) run only while the test
  /// moves time, on the test's thread, and their sleeps wake at exact virtual times: the same
  /// test gives the same transcript in every run and every process.
  /// `FeedbackLoopCombine` has the same feedback over a publisher of states.
  ///
  /// - Parameters:
  ///   - name: the feedback's name (the source of its events, its node in diagrams).
  ///   - emits: the events it may emit, for diagrams and the explorer.
  ///   - events: the events, from the states and the loop's clock.
  public static func states<Events: AsyncSequence & Sendable>(
    _ name: String, emits: [Event] = [],
    _ events: @escaping @Sendable (_ states: AsyncStream<State>, _ clock: LoopClock) -> Events
  ) -> Feedback where Events.Element == Event {
    stateSource(name, emitting: emits.map(Naming.name(of:))) {
      let (states, continuation) = AsyncStream<State>.makeStream()
      return (
        start: { send, scheduler in
          let task = Task(executorPreference: scheduler.taskExecutor) {
            do {
              for try await event in events(states, LoopClock(scheduler)) {
                if Task.isCancelled { return }
                send(event)
              }
            } catch {}  // a failing sequence ends, like a cancelled one
          }
          return {
            continuation.finish()
            task.cancel()
          }
        },
        onState: { state in continuation.yield(state) }
      )
    }
  }

  /// A feedback over the stream of states whose elements are *requests*, each answered by
  /// an effect, the latest winning (RxFeedback's `react(request:effects:)` with time
  /// operators before it): a new request cancels the effect of the one before.
  ///
  /// ```swift
  /// Feedback.states(
  ///   "loadPage", emits: [.response(.empty)],
  ///   requests: { states, _ in states.map(\.loadNextPageQuery).removeDuplicates() },
  ///   effect: { query in
  ///     guard let query else { return .none }  // nil: the page in flight is cancelled
  ///     return .task { clock in try await GitHub.page(query, clock: clock) }
  ///   })
  /// ```
  ///
  /// Each request's effect is an effect of the loop like any feedback's: its start, its
  /// events, its end and its cancellation (by the next request, or the loop's stop) are
  /// steps of the loop, so they appear in a recorder's timeline, in traces and in the
  /// trace viewer. The requests' sequence runs as ``states(_:emits:_:)``'s does — on the
  /// loop's scheduler, deterministic on a `TestScheduler` — and strategies do not apply:
  /// the latest request always wins.
  ///
  /// - Parameters:
  ///   - name: the feedback's name (the source of its events, its node in diagrams).
  ///   - emits: the events its effects may emit, for diagrams and the explorer.
  ///   - requests: the requests, from the states and the loop's clock.
  ///   - effect: the work for one request.
  public static func states<Requests: AsyncSequence & Sendable>(
    _ name: String, emits: [Event] = [],
    requests: @escaping @Sendable (_ states: AsyncStream<State>, _ clock: LoopClock) -> Requests,
    effect: @escaping @Sendable (Requests.Element) -> Effect<Event>
  ) -> Feedback where Requests.Element: Sendable {
    stateSource(name, emitting: emits.map(Naming.name(of:))) {
      let (states, continuation) = AsyncStream<State>.makeStream()
      return (
        start: { send, scheduler in
          let task = Task(executorPreference: scheduler.taskExecutor) {
            do {
              for try await request in requests(states, LoopClock(scheduler)) {
                if Task.isCancelled { return }
                send.start { effect(request) }
              }
            } catch {}  // a failing sequence ends, like a cancelled one
          }
          return {
            continuation.finish()
            task.cancel()
          }
        },
        onState: { state in continuation.yield(state) }
      )
    }
  }

  /// A feedback that sees the loop's states and sends events of its own accord, for the
  /// lifetime of the loop: the building block of the feedbacks over the stream of states.
  ///
  /// For each loop, `make` is called once; its `start` runs when the loop starts (given
  /// the loop's `Send` and the scheduler the feedback runs on) and returns what stops it,
  /// called when the loop stops; `onState` sees the initial state and every new one, on
  /// the loop's turn, after `start`.
  package static func stateSource(
    _ name: String, emitting: [String],
    _ make:
      @escaping @Sendable () -> (
        start: (_ send: Send<Event>, _ scheduler: any LoopScheduler) -> @Sendable () -> Void,
        onState: (State) -> Void
      )
  ) -> Feedback {
    Feedback(
      name: name, watches: "the stream of states", emits: emitting,
      definition: .source({
        let (start, onState) = make()
        return .source(
          subscribe: { send in start(send, send.scheduler ?? InlineScheduler()) },
          onState: onState)
      }))
  }
}
