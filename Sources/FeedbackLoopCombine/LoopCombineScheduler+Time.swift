#if canImport(Combine)
  public import Combine
#else
  public import OpenCombine
#endif

extension LoopCombineScheduler {
  /// A point on the loop scheduler's time line, in nanoseconds since its origin.
  ///
  /// ```swift
  /// let later = scheduler.combine.now.advanced(by: .milliseconds(300))
  /// ```
  public struct SchedulerTimeType: Strideable, Hashable, Sendable {
    /// Nanoseconds since the scheduler's origin.
    package var nanoseconds: Int64

    /// A time `nanoseconds` after the scheduler's origin.
    package init(nanoseconds: Int64) {
      self.nanoseconds = nanoseconds
    }

    /// The interval from this time to `other`.
    public func distance(to other: Self) -> Stride {
      Stride(nanoseconds: other.nanoseconds &- nanoseconds)
    }

    /// This time moved by `n`.
    public func advanced(by n: Stride) -> Self {
      Self(nanoseconds: nanoseconds &+ n.nanoseconds)
    }

    /// An interval of the loop scheduler's time, in nanoseconds. Literals are seconds,
    /// as for Dispatch's scheduler: `.debounce(for: 1, …)` is one second.
    ///
    /// ```swift
    /// .debounce(for: .milliseconds(300), scheduler: scheduler.combine)
    /// ```
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable, Sendable,
      ExpressibleByFloatLiteral
    {
      /// The interval in nanoseconds.
      package var nanoseconds: Int64

      /// An interval of `nanoseconds`.
      package init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
      }

      /// An interval of `duration`, in whole nanoseconds (clamped to about ±292 years):
      /// `.debounce(for: .init(interval), scheduler: scheduler)` with a `Duration`.
      public init(_ duration: Duration) {
        self.init(nanoseconds: duration.clampedNanoseconds)
      }

      /// The interval as a `Duration`.
      package var duration: Duration { .nanoseconds(nanoseconds) }

      /// `s` seconds.
      public static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: Int64(s) * 1_000_000_000) }
      /// `s` seconds, rounded to the nanosecond.
      public static func seconds(_ s: Double) -> Stride { Stride(nanoseconds: Int64((s * 1e9).rounded())) }
      /// `ms` milliseconds.
      public static func milliseconds(_ ms: Int) -> Stride { Stride(nanoseconds: Int64(ms) * 1_000_000) }
      /// `us` microseconds.
      public static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: Int64(us) * 1_000) }
      /// `ns` nanoseconds.
      public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: Int64(ns)) }

      /// An integer literal: seconds.
      public init(integerLiteral value: Int64) {
        self = .seconds(Int(value))
      }

      /// A floating-point literal: seconds.
      public init(floatLiteral value: Double) {
        self = .seconds(value)
      }

      /// `source` nanoseconds, if it fits in `Int64` (`SignedNumeric`'s conversion).
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = Int64(exactly: source) else { return nil }
        self.init(nanoseconds: value)
      }

      /// The interval's size in nanoseconds.
      public var magnitude: UInt64 { nanoseconds.magnitude }

      /// Whether `lhs` is shorter than `rhs`.
      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
      /// The sum of two intervals.
      public static func + (lhs: Stride, rhs: Stride) -> Stride {
        Stride(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
      }
      /// The difference of two intervals.
      public static func - (lhs: Stride, rhs: Stride) -> Stride {
        Stride(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
      }
      /// The product of the nanosecond counts (required by `SignedNumeric`).
      public static func * (lhs: Stride, rhs: Stride) -> Stride {
        Stride(nanoseconds: lhs.nanoseconds * rhs.nanoseconds)
      }
      /// Multiplies `lhs` by `rhs`.
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
    }
  }
}
