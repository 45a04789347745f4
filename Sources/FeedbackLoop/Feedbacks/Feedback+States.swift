extension Feedback {
  /// A feedback over the stream of states (ReactiveFeedback's and RxFeedback's most general
  /// feedback): `events` receives the loop's states as an async sequence — the initial
  /// state first, then every new state, in order — and returns the events to send.
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
  /// loop starts, on the loop's scheduler (its executor and clock, so on a `TestScheduler`
  /// it runs only while the test moves time), and is cancelled when the loop stops. Its
  /// events come from this feedback, as an input's do; it starts no effect per state, so
  /// strategies do not apply. States are buffered: a slow sequence sees every one of them.
  /// `FeedbackLoopCombine` has the same feedback over a publisher of states (for
  /// `debounce` and the other time operators).
  ///
  /// - Parameters:
  ///   - name: the feedback's name (the source of its events, its node in diagrams).
  ///   - emits: the events it may emit, for diagrams and the explorer.
  ///   - events: the events, from the states and the loop's clock.
  public static func states<Events: AsyncSequence & Sendable>(
    _ name: String, emits: [Event] = [],
    _ events: @escaping @Sendable (_ states: AsyncStream<State>, _ clock: any Clock<Duration>) -> Events
  ) -> Feedback where Events.Element == Event {
    stateSource(name, emitting: emits.map(Naming.name(of:))) {
      let (states, continuation) = AsyncStream<State>.makeStream()
      return (
        start: { send, scheduler in
          let task = Task(executorPreference: scheduler.taskExecutor) {
            do {
              for try await event in events(states, scheduler.clock) {
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
