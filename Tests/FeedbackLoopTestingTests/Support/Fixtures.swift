import FeedbackLoop
import FeedbackLoopTesting
import Testing
import FeedbackGraph
import Foundation
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

/// The messages of the issues `body` reports, which must report at least one; without the
/// lines that name the trace in the default folder of failure traces (which every failing
/// recording of this package has: `DefaultFailureTraceTests` pins them).
func failureMessages(_ body: () -> Void) -> [String] {
  let messages = Protected<[String]>([])
  withKnownIssue {
    body()
  } matching: { issue in
    messages.withLock { $0.append(withoutDefaultTrace(fullMessage(of: issue))) }
    return true
  }
  return messages.withLock { $0 }
}

/// `message` without its last paragraph when that names a trace in the default folder of
/// failure traces (`Trace: …/.build/feedbackloop/traces/…`).
func withoutDefaultTrace(_ message: String) -> String {
  guard let range = message.range(of: "\n\nTrace: ", options: .backwards),
    message[range.upperBound...].hasPrefix(FailureTraces.folder(inPackage: packageRoot).path)
  else { return message }
  return String(message[..<range.lowerBound])
}

/// This package's root: the folder above `Tests/`.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// The whole message of a kit failure as Swift Testing recorded it: the heading (the
/// issue's ``LoopTestFailure``), a blank line, and the details (its comment).
func fullMessage(of issue: Issue) -> String {
  let comments = issue.comments.map(\.rawValue).joined(separator: "\n")
  guard let failure = issue.error as? LoopTestFailure else { return comments }
  return comments.isEmpty ? failure.heading : failure.heading + "\n\n" + comments
}
