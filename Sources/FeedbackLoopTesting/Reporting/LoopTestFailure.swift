/// A failure of the test kit (a recorder assertion, an explorer property, an unimplemented
/// scheduler), as Swift Testing records it: the error, whose description is the
/// failure's heading sentence, so that the runner's first line reads
/// `… recorded an issue at File.swift:12:5: Caught error: State mismatch after send(emergency) at step #2.`
/// The rest (the diff, the timeline, the fix) is the comment.
///
/// Match it in a known issue:
///
/// ```swift
/// withKnownIssue {
///   loop.send(.emergency) { $0 = .green }
/// } matching: { issue in
///   (issue.error as? LoopTestFailure)?.heading.hasPrefix("State mismatch") == true
/// }
/// ```
public struct LoopTestFailure: Error, CustomStringConvertible, Sendable {
  /// The one sentence that says what went wrong (the message's first paragraph).
  public let heading: String
  /// The rest of the message (diff, timeline, how to fix it), if any.
  package let details: String?

  /// Splits a failure message at its first blank line: heading, then details.
  package init(message: String) {
    if let gap = message.range(of: "\n\n") {
      heading = String(message[..<gap.lowerBound])
      let rest = message[gap.upperBound...]
      details = rest.isEmpty ? nil : String(rest)
    } else {
      heading = message
      details = nil
    }
  }

  /// The heading sentence.
  public var description: String { heading }
}
