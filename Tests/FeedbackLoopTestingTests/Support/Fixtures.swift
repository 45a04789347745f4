import FeedbackLoop
import FeedbackLoopTesting
import Testing
import FeedbackGraph
import FeedbackLoopSupport

enum Light: Hashable, Sendable { case red, green, yellow }
enum Signal: Hashable, Sendable { case tick, emergency, skip }

/// A traffic light whose timer fires after 30 s, with a transition that can go astray.
let light = System<Light, Signal>("Light", initial: .red) {
  Transitions {
    Transition(from: .red, on: .tick, to: .green)
    Transition(from: .green, on: .tick, to: .yellow)
    Transition(from: .yellow, on: .tick, to: .red)
    Transition(from: .any, on: .emergency, to: .red)
    Transition(from: .red, on: .skip, targets: [.value(.green)]) { _, _ in .yellow }
  }
  Feedback("timer", emits: [.tick]) { (_: Light, clock) in
    try await clock.sleep(for: .seconds(30))
    return .tick
  }
}

/// The messages of the issues `body` reports, which must report at least one.
func failureMessages(_ body: () -> Void) -> [String] {
  let messages = Protected<[String]>([])
  withKnownIssue {
    body()
  } matching: { issue in
    messages.withLock { $0.append(fullMessage(of: issue)) }
    return true
  }
  return messages.withLock { $0 }
}

/// The whole message of a kit failure as Swift Testing recorded it: the heading (the
/// issue's ``LoopTestFailure``), a blank line, and the details (its comment).
func fullMessage(of issue: Issue) -> String {
  let comments = issue.comments.map(\.rawValue).joined(separator: "\n")
  guard let failure = issue.error as? LoopTestFailure else { return comments }
  return comments.isEmpty ? failure.heading : failure.heading + "\n\n" + comments
}
