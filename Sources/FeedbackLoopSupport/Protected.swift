#if FEEDBACKLOOP_TSAN_LOCKS
  #if canImport(Glibc)
    public import Glibc
  #elseif canImport(Musl)
    public import Musl
  #elseif canImport(Darwin)
    public import Darwin
  #endif
#else
  public import Synchronization
#endif

/// A value behind a lock, shared by the package's modules.
///
/// Normally the lock is `Synchronization.Mutex`: the fastest there is, and the loop's hot
/// path takes it twice per event. Built with `-DFEEDBACKLOOP_TSAN_LOCKS` (as `.ci/run` does
/// for its ThreadSanitizer run) it is a `pthread_mutex_t` instead. On Linux, `Mutex` locks
/// with futexes inside the standard library, which TSan does not instrument, so TSan cannot
/// see that its critical sections are ordered and reports every access inside them as a
/// race; pthread mutexes are intercepted by TSan, so with them TSan checks the package's own
/// logic. (A pthread mutex everywhere cost ~2× on `loop.feedback-cycle`.)
#if FEEDBACKLOOP_TSAN_LOCKS
  @usableFromInline
  package final class Protected<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable is safe: the value is only read or written inside `withLock`,
    // between `pthread_mutex_lock` and `pthread_mutex_unlock` of `mutex`; this object owns
    // both allocations and frees them in `deinit`.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let value: UnsafeMutablePointer<Value>

    /// Protects `value`.
    @usableFromInline
    package init(_ value: Value) {
      self.value = .allocate(capacity: 1)
      self.value.initialize(to: value)
      mutex = .allocate(capacity: 1)
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
    }

    deinit {
      pthread_mutex_destroy(mutex)
      mutex.deinitialize(count: 1)
      mutex.deallocate()
      value.deinitialize(count: 1)
      value.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&value.pointee)
    }

    /// Runs `body` with exclusive access to the value and `argument` (see the other variant).
    @inlinable @inline(__always)
    package func withLock<Argument: Sendable, Result>(
      _ argument: Argument, _ body: (inout Value, Argument) throws -> Result
    ) rethrows -> Result {
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return try body(&value.pointee, argument)
    }
  }
#else
  @usableFromInline
  package final class Protected<Value: Sendable>: Sendable {
    @usableFromInline let mutex: Mutex<Value>

    /// Protects `value`.
    @usableFromInline
    package init(_ value: Value) {
      mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
      try mutex.withLock { try body(&$0) }
    }

    /// Runs `body` with exclusive access to the value and `argument`, which is passed by
    /// reference rather than captured (a large value captured by `body` is copied into its
    /// context on every call).
    @inlinable @inline(__always)
    package func withLock<Argument: Sendable, Result>(
      _ argument: Argument, _ body: (inout Value, Argument) throws -> Result
    ) rethrows -> Result {
      try mutex.withLock { try body(&$0, argument) }
    }
  }
#endif
