/// Waits until `condition` holds, checking every few milliseconds, for at most `limit`
/// (generous, two minutes: a bound against hanging, never a timing assertion; a starved
/// machine under ThreadSanitizer needed more than 30 seconds). Returns whether it held.
/// Only for tests that need a real Dispatch queue; the others use a `TestScheduler`.
func eventually(within limit: Duration = .seconds(120), _ condition: @Sendable () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: limit)
  while !condition() {
    if clock.now >= deadline { return false }
    try? await clock.sleep(for: .milliseconds(2))
  }
  return true
}
