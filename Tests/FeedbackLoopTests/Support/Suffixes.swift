import FeedbackLoop

/// The system the peers' suites use most: the state is a string and every event a suffix
/// appended to it ("initial" → "initial_a" → "initial_a_b").
enum Suffixes {
  /// How many suffixes `state` carries ("initial_a_b" carries 2).
  static func count(_ state: String) -> Int {
    state.reduce(0) { $1 == "_" ? $0 + 1 : $0 }
  }

  /// The system, which stops growing at `limit` suffixes (the peers' `take(first:)`).
  static func system(limit: Int = .max, _ feedbacks: [Feedback<String, String>]) -> System<String, String> {
    System(
      initial: "initial",
      reduce: { state, suffix in if count(state) < limit { state += suffix } },
      feedbacks: feedbacks)
  }

  /// A feedback that answers each state below `limit` with the event `suffix(state)`,
  /// sent synchronously (the peers' `SignalProducer(value:)` / `Just`).
  static func immediate(
    _ name: String, limit: Int = .max, _ suffix: @escaping @Sendable (String) -> String?
  ) -> Feedback<String, String> {
    Feedback(name) { (state: String) -> Effect<String> in
      guard count(state) < limit, let next = suffix(state) else { return .none }
      return .send(next)
    }
  }
}

/// Every state a loop reports, from the initial one, in order (a monitor).
final class StateTrail<State: Sendable & Equatable, Event: Sendable>: Sendable {
  private let box = Box<[State]>([])

  /// The states, as reported (a reduction that changes nothing repeats its state).
  var states: [State] { box.current }

  /// The states with consecutive repeats merged.
  var distinct: [State] {
    states.reduce(into: []) { result, state in if result.last != state { result.append(state) } }
  }

  var monitor: @Sendable (LoopStep<State, Event>) -> Void {
    { [box] activity in
      switch activity {
      case .initial(let state): box.update { $0.append(state) }
      case .reduced(_, _, _, let after, _): box.update { $0.append(after) }
      default: break
      }
    }
  }
}

extension Suffixes {
  /// The states of ReactiveFeedback's and Loop's "two immediate feedback loops" test: `a`
  /// appends `_a` and `b` appends `_b` to any state not already ending so, up to four
  /// suffixes, on the default strategy.
  static func twoImmediateFeedbacksTrail() -> [String] {
    let trail = StateTrail<String, String>()
    let loop = Loop(
      system(
        limit: 4,
        [
          immediate("a", limit: 4) { $0.hasSuffix("_a") ? nil : "_a" },
          immediate("b", limit: 4) { $0.hasSuffix("_b") ? nil : "_b" },
        ]), onStep: trail.monitor)
    defer { loop.stop() }
    return trail.states
  }

  /// ReactiveFeedback's and Loop's "async feedback loop": `_a` 100 ms after `initial`, then
  /// `_b` and `_c` at once.
  static func delayedThenImmediate() -> Feedback<String, String> {
    Feedback<String, String>("steps") { state, clock in
      if state == "initial" {
        try await clock.sleep(for: .milliseconds(100))
        return "_a"
      }
      return ["initial_a": "_b", "initial_a_b": "_c"][state]
    }
  }
}
