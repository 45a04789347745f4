/// Waits until `condition` holds, checking every few milliseconds, for at most `limit`
/// (generous: a bound against hanging, never a timing assertion). Returns whether it held.
/// Only for tests that need a real Dispatch queue; the others use a `TestScheduler`.
func eventually(within limit: Duration = .seconds(30), _ condition: @Sendable () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: limit)
  while !condition() {
    if clock.now >= deadline { return false }
    try? await clock.sleep(for: .milliseconds(2))
  }
  return true
}
