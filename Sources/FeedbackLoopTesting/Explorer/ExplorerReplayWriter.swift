import FeedbackLoopExplorer

/// Writes the test printed for an explorer finding: Swift that compiles as pasted into a
/// test file importing the system's module, and replays the finding's path with
/// ``FeedbackLoopExplorer/Explorer/assertReplay(_:fileID:filePath:line:column:)`` (the
/// effects' emissions recorded in the moves, so the live effects play no part).
///
/// With the explorer's Swift expression (``FeedbackLoopExplorer/Explorer/writingExplorer(_:)``)
/// it is a `@Test`; without it, a function that takes the explorer, to call from the test
/// that made it. An event written as Swift (``FeedbackLoopExplorer/SwiftSource/value(_:)``,
/// or ``FeedbackLoopExplorer/Explorer/writingEvents(_:)``) is replayed by value; one that
/// cannot be is replayed by its choice index, with its description in a comment.
///
/// The test stays in the suite after the fix: it calls
/// ``FeedbackLoopExplorer/Explorer/assertNoLongerReaches(_:along:fileID:filePath:line:column:)``
/// with the finding's slug, which fails while the path reaches the finding and passes once
/// it no longer does.
enum ExplorerReplayWriter {
  static func test<State, Event>(
    path: ExplorerPath<State, Event>, finding: String, named name: String, explorer: Explorer<State, Event>,
    comment: String
  ) -> String {
    var lines = comment.split(separator: "\n", omittingEmptySubsequences: false).map { "// \($0)" }
    lines.append(
      "// Keep it: it fails while this path reaches the finding, passes once it no longer does (assertNoFindings() guards the rest), and fails again if the bug comes back."
    )
    let receiver: String
    if let swift = explorer.swiftExplorer {
      lines.append("@Test func \(name)() {")
      // The option the path may need, whether or not the explorer's expression says it.
      receiver =
        swift
        + (explorer.silentlyEnding.map { names in
          ".effectsMayEndSilently(\(names.sorted().map(SwiftSource.literal).joined(separator: ", ")))"
        } ?? "")
    } else {
      lines.append("// Call it with the explorer that found it: \(name)(explorer)")
      lines.append(
        "func \(name)(_ explorer: Explorer<\(String(reflecting: State.self)), \(String(reflecting: Event.self))>) {")
      receiver = "explorer"
    }
    let moves = path.steps.filter { !$0.isImmediate }
    let call = "\(receiver).assertNoLongerReaches(\(SwiftSource.literal(finding)), along: ["
    if moves.isEmpty {
      lines.append("  \(call)])")
    } else {
      lines.append("  \(call)")
      for step in moves {
        guard let stepEvent = step.event else {  // a running effect ended without an event
          lines.append("    .ended(by: \(SwiftSource.literal(step.feedback?.name ?? ""))),")
          continue
        }
        let event = explorer.swiftEvent.map { $0(stepEvent) } ?? SwiftSource.value(stepEvent)
        switch (event, step.feedback, step.choice) {
        case (let event?, nil, _):
          lines.append("    .send(\(event)),")
        case (let event?, let feedback?, _):
          lines.append("    .emitted(\(event), by: \(SwiftSource.literal(feedback.name))),")
        case (nil, _, let choice?):
          let source = step.feedback.map { " from \($0.name)" } ?? ""
          lines.append("    .choice(\(choice)),  // \(String(describing: stepEvent))\(source)")
        case (nil, _, nil):
          lines.append("    .choice(0),  // \(String(describing: stepEvent))")
        }
      }
      lines.append("  ])")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}
