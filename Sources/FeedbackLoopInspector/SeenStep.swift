/// A step the page reported it showed (`/seen`), and when the server heard of it: what the
/// lag measurements (`watch.lag`, the browser test) compare with the steps' flush times.
package struct SeenStep: Equatable, Sendable {
  /// The loop's id, its session and the step's index.
  package var loop: Int
  package var session: Int
  package var step: Int
  /// What the page was doing: `live` (a newly arrived step shown), `paused`, `back` (a step
  /// back while paused), `held` (still paused while new steps arrived).
  package var mode: String
  /// When the report arrived, as seconds since 1970 (`Date().timeIntervalSince1970`).
  package var at: Double
}
