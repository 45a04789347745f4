#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// A stream of UI events (a button's taps, "the list reached its end"): ReactiveSwift's
/// `Signal<Void, NoError>` in the seeds, a subject here.
///
/// Why `@unchecked Sendable` is safe: subjects are thread-safe in Combine and OpenCombine,
/// and the tests send from the one thread that moves time.
final class UISignal: @unchecked Sendable {
  let subject = PassthroughSubject<Void, Never>()

  func send() {
    subject.send(())
  }
}
