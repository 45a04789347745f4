import FeedbackLoop
import FeedbackLoopExplorer

/// The card checkout of the new user, small: a cart is paid (up to three attempts),
/// and ends confirmed, declined or cancelled. Its bugs are switched on by `bugs`, a task
/// local, so that a pasted printed test (which names `Checkout.explorer`) sees the system
/// with the bug in, fixed, and with the bug back.
enum Checkout {
  enum State: Hashable, Sendable {
    case cart
    case paying(attempt: Int)
    case confirmed, declined, cancelled
  }

  enum Event: Hashable, Sendable { case pay, authorized, failed, cancel }

  /// The bugs a user seeded.
  struct Bugs: OptionSet, Sendable {
    let rawValue: Int
    /// The payment keeps running after `cancel`, and a wildcard takes its late
    /// `authorized` in any state: a final state is left.
    static let lateResult = Bugs(rawValue: 1)
    /// The payment keeps running after `cancel` (nothing takes its result).
    static let keepsPaying = Bugs(rawValue: 2)
    /// A third failure starts again at attempt 1 instead of declining: the attempt goes
    /// down, and the retries never end.
    static let resetsAttempt = Bugs(rawValue: 4)
  }

  /// The bugs in the system `explorer` builds (none by default).
  @TaskLocal static var bugs: Bugs = []

  static func system(_ bugs: Bugs) -> System<State, Event> {
    let keepsRunning = !bugs.isDisjoint(with: [.lateResult, .keepsPaying])
    return System<State, Event>(
      "Checkout", initial: .cart,
      reduce: { (state: inout State, event) in
        switch (state, event) {
        case (.cart, .pay):
          state = .paying(attempt: 1)
        case (.paying(let attempt), .failed):
          state =
            attempt < 3
            ? .paying(attempt: attempt + 1) : bugs.contains(.resetsAttempt) ? .paying(attempt: 1) : .declined
        case (.paying, .authorized):
          state = .confirmed
        case (.cart, .cancel), (.paying, .cancel):
          state = .cancelled
        case (_, .authorized) where bugs.contains(.lateResult):
          state = .confirmed
        default:
          return
        }
      },
      feedbacks: [
        Feedback.skippingRepeated(
          "payment", emits: [.authorized, .failed],
          { state -> Int? in
            guard case .paying(let attempt) = state else { return nil }
            return attempt
          }
        ) { _ in .task { _ in .authorized } }
        .strategy(keepsRunning ? .continueOnNewState : .cancelOnNewState)
      ])
  }

  /// The explorer, with the end states final, the cart waiting for the user, two
  /// properties of moves, and confirmed as progress.
  static var explorer: Explorer<State, Event> {
    Explorer(system(bugs), events: [.pay, .cancel])
      .final(in: .value(.confirmed), .value(.declined), .value(.cancelled))
      .waits(in: .value(.cart))
      .property("cancelled stays cancelled") { before, _, after in before != .cancelled || after == .cancelled }
      .property("an attempt number never goes down", attemptNeverGoesDown)
      .progress(in: .value(.confirmed))
      .writingExplorer("Checkout.explorer")
  }

  /// "An attempt number never goes down" (a property of moves).
  static func attemptNeverGoesDown(_ before: State, _ move: ExplorerMove<Event>, _ after: State) -> Bool {
    guard case .paying(let was) = before, case .paying(let now) = after else { return true }
    return now >= was
  }
}
