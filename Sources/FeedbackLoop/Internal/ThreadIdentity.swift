#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The calling thread, as a number (tests compare it too): tells whether `stop()` is called from inside the turn
/// it races (then it cannot wait for that turn) or from another thread.
@usableFromInline
package func currentThreadID() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
