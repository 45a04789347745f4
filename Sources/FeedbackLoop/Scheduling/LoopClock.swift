/// The loop's clock as one concrete `Clock` type: what ``Feedback/states(_:emits:_:)``
/// hands its closure, so that generic time operators — swift-async-algorithms'
/// `debounce(for:clock:)`, `_throttle(for:clock:latest:)` and `flatMapLatest` — run on
/// the loop's time.
///
/// ```swift
/// Feedback.states("search", emits: [.search("")]) { states, clock in
///   states.map(\.query).removeDuplicates()
///     .debounce(for: .milliseconds(300), clock: clock)  // virtual time under a TestScheduler
///     .map(SearchEvent.search)
/// }
/// ```
///
/// It reads and sleeps on the clock it wraps (the scheduler's ``LoopScheduler/clock``): on a
/// test scheduler, virtual time. Its instants are offsets from the moment it was made.
public struct LoopClock: Clock, Sendable {
  /// A point of the loop's time: the offset from the clock's origin.
  public struct Instant: InstantProtocol, Sendable {
    /// The time since the clock's origin.
    public var offset: Duration

    /// Creates an instant `offset` after the clock's origin.
    package init(offset: Duration) { self.offset = offset }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    /// The time from this instant to `other`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let elapsed: @Sendable () -> Duration
  private let sleeper: @Sendable (_ offset: Duration, _ tolerance: Duration?) async throws -> Void
  /// The resolution of the wrapped clock.
  public let minimumResolution: Duration

  /// Wraps `clock`, whose `now` becomes this clock's origin.
  public init<C: Clock<Duration>>(_ clock: C) {
    let origin = clock.now
    elapsed = { origin.duration(to: clock.now) }
    sleeper = { offset, tolerance in try await clock.sleep(until: origin.advanced(by: offset), tolerance: tolerance) }
    minimumResolution = clock.minimumResolution
  }

  /// The clock of `scheduler`, as a loop's feedbacks see it.
  public init(_ scheduler: any LoopScheduler) {
    let clock: any Clock<Duration> = scheduler.clock
    self.init(clock)
  }

  /// The time now, as an offset from the clock's origin.
  public var now: Instant { Instant(offset: elapsed()) }

  /// Suspends until `deadline` on the wrapped clock; throws `CancellationError` when the
  /// task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleeper(deadline.offset, tolerance)
  }
}
