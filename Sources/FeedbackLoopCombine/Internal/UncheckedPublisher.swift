#if canImport(Combine)
  internal import Combine
#else
  internal import OpenCombine
#endif

/// A publisher carried into an effect's operation.
///
/// Why `@unchecked Sendable` is safe: a publisher is a description of a subscription.
/// The effect only calls `subscribe` on it, from the effect's task, once per start of the
/// effect; publishers are meant to be subscribed from any thread (Combine's contract,
/// which predates `Sendable`). Nothing reads or mutates the value concurrently.
struct UncheckedPublisher<P: Publisher>: @unchecked Sendable {
  let publisher: P

  init(_ publisher: P) {
    self.publisher = publisher
  }
}
