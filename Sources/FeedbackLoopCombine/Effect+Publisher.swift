#if canImport(Combine)
  public import Combine
#else
  public import OpenCombine
#endif
public import FeedbackLoop

extension Effect {
  /// An effect that subscribes to `publisher` and emits its values as events, until it
  /// finishes or the effect is cancelled.
  ///
  /// ```swift
  /// Feedback.lensing("paging", { $0.nextPage }) { page in
  ///   .publisher(
  ///     api.fetchMovies(page: page)
  ///       .map(MoviesEvent.didLoad)
  ///       .catch { Just(.didFail($0.localizedDescription)) })
  /// }
  /// ```
  ///
  /// Cancelling the effect (a new state under `.cancelOnNewState`, a nil query, the loop
  /// stopping) cancels the subscription, so upstream work stops too. The subscription is
  /// made on the loop scheduler's executor when the effect starts; time operators run on
  /// the scheduler you give them (``LoopCombineScheduler`` for the loop's own time). Timers
  /// the effect scheduled through a ``LoopCombineScheduler`` die with it: when it finishes
  /// or is cancelled, those still pending are cancelled.
  public static func publisher<P: Publisher & SendableMetatype>(_ publisher: P) -> Effect
  where P.Output == Event, P.Failure == Never {
    let source = UncheckedPublisher(publisher)
    return .run { send, _ in
      let timers = EffectTimers()
      let subscription = PublisherSubscription(timers: timers)
      await withTaskCancellationHandler {
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
          // Timers the publisher's operators schedule from here on belong to this effect.
          timers.run { subscription.start(source.publisher, send: send, finished: finished) }
        }
      } onCancel: {
        subscription.cancel()
      }
    }
  }
}

extension Publisher where Self: SendableMetatype, Failure == Never, Output: Sendable {
  /// This publisher as an effect: ``FeedbackLoop/Effect/publisher(_:)``.
  ///
  /// ```swift
  /// Feedback("raise") { state in Just(Increase()).effect }
  /// ```
  public var effect: Effect<Output> {
    .publisher(self)
  }
}
