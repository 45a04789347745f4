/// How much work each thread of these tests does.
///
/// ThreadSanitizer reports a race from a single pair of unordered accesses, not from volume,
/// and runs instrumented code 5–15 times slower. Under it (CI's sanitizer step compiles with
/// `FEEDBACKLOOP_TSAN_LOCKS`) each thread does a fiftieth of the work: on a slow two-core
/// machine a test then takes seconds rather than minutes, and holds no thread that other
/// tests wait for. The assertions are the same at either load.
enum ThreadLoad {
  #if FEEDBACKLOOP_TSAN_LOCKS
    static let divisor = 50
  #else
    static let divisor = 1
  #endif

  /// `full` iterations in a plain build; a fiftieth of them, at least 20, under the sanitizer.
  static func iterations(_ full: Int) -> Int { divisor == 1 ? full : max(full / divisor, 20) }
}
