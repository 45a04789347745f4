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
enum ExplorerReplayWriter {
  static func test<State, Event>(
    path: ExplorerPath<State, Event>, named name: String, explorer: Explorer<State, Event>, comment: String
  ) -> String {
    var lines = comment.split(separator: "\n", omittingEmptySubsequences: false).map { "// \($0)" }
    let receiver: String
    if let swift = explorer.swiftExplorer {
      lines.append("@Test func \(name)() {")
      receiver = swift
    } else {
      lines.append("// Call it with the explorer that found it: \(name)(explorer)")
      lines.append(
        "func \(name)(_ explorer: Explorer<\(String(reflecting: State.self)), \(String(reflecting: Event.self))>) {")
      receiver = "explorer"
    }
    let moves = path.steps.filter { !$0.isImmediate }
    if moves.isEmpty {
      lines.append("  \(receiver).assertReplay([])")
    } else {
      lines.append("  \(receiver).assertReplay([")
      for step in moves {
        let event = explorer.swiftEvent.map { $0(step.event) } ?? SwiftSource.value(step.event)
        switch (event, step.feedback, step.choice) {
        case (let event?, nil, _):
          lines.append("    .send(\(event)),")
        case (let event?, let feedback?, _):
          lines.append("    .emitted(\(event), by: \(SwiftSource.literal(feedback.name))),")
        case (nil, _, let choice?):
          let source = step.feedback.map { " from \($0.name)" } ?? ""
          lines.append("    .choice(\(choice)),  // \(String(describing: step.event))\(source)")
        case (nil, _, nil):
          lines.append("    .choice(0),  // \(String(describing: step.event))")
        }
      }
      lines.append("  ])")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}
