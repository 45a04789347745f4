#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif
import Synchronization

/// A counter shared with `@Sendable` closures (cancellations, subscriptions).
final class Counter: Sendable {
  private let value = Atomic<Int>(0)

  func increment() {
    value.add(1, ordering: .relaxed)
  }

  var count: Int { value.load(ordering: .relaxed) }
}

/// A subject the test feeds and a feedback subscribes to.
///
/// Why `@unchecked Sendable` is safe: subjects are thread-safe in Combine and OpenCombine;
/// the tests send from the one thread that moves time.
final class Keystrokes: @unchecked Sendable {
  let subject = PassthroughSubject<String, Never>()
}
