/// The loop's clock as a feedback's effects see it under a clock mutant: running at `rate`
/// times the loop's speed. At 0.5 (half speed) an effect's two-second sleep lasts four
/// seconds of the loop's time; at 2 (double speed), one.
struct ScaledClock: Clock {
  /// A point of the scaled clock's time, from when the effect got the clock.
  struct Instant: InstantProtocol {
    var offset: Swift.Duration

    func advanced(by duration: Swift.Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Swift.Duration { other.offset - offset }
    static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
  }

  /// The effect's time per unit of the loop's time.
  let rate: Double
  private let elapsed: @Sendable () -> Swift.Duration
  private let sleepOnBase: @Sendable (Swift.Duration) async throws -> Void

  /// `base` seen at `rate` times its speed.
  init(_ base: any Clock<Swift.Duration>, rate: Double) {
    self.rate = rate
    (elapsed, sleepOnBase) = Self.open(base)
  }

  private static func open<Base: Clock<Swift.Duration>>(_ base: Base) -> (
    @Sendable () -> Swift.Duration, @Sendable (Swift.Duration) async throws -> Void
  ) {
    let start = base.now
    return ({ start.duration(to: base.now) }, { try await base.sleep(for: $0) })
  }

  var now: Instant { Instant(offset: elapsed() * rate) }

  var minimumResolution: Swift.Duration { .nanoseconds(1) }

  func sleep(until deadline: Instant, tolerance: Swift.Duration?) async throws {
    let remaining = now.duration(to: deadline)
    guard remaining > .zero else { return }
    try await sleepOnBase(remaining / rate)
  }
}
