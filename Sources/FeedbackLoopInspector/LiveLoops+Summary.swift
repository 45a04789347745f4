import Foundation

extension LiveLoops {
  /// What the page's event stream sends at each change: the loops without their steps (the
  /// page loads a loop's steps from `/loop/<id>`), and the problems met.
  package struct Summary: Codable, Equatable, Sendable {
    /// One loop.
    package struct Loop: Codable, Equatable, Sendable {
      package var id: Int
      package var system: String
      package var file: String
      package var session: Int
      /// The steps kept, and the indices of the first and the last of them.
      package var steps: Int
      package var first: Int?
      package var last: Int?
      /// All the session's steps, and how many of them were let go.
      package var total: Int
      package var dropped: Int
      package var version: Int
    }

    package var version: Int
    package var loops: [Loop]
    /// The newest problems, oldest first.
    package var problems: [String]
    package var droppedProblems: Int
    package var ignoredSteps: Int
    /// The steps a loop keeps (the page says so when it let some go).
    package var maximumSteps: Int
  }

  /// The summary of the loops as they are now.
  package var summary: Summary {
    Summary(
      version: version,
      loops: loops.map {
        Summary.Loop(
          id: $0.id, system: $0.system, file: $0.file, session: $0.session, steps: $0.steps.count,
          first: $0.steps.first?.index, last: $0.steps.last?.index, total: $0.total, dropped: $0.dropped,
          version: $0.version)
      },
      problems: problems, droppedProblems: droppedProblems, ignoredSteps: ignoredSteps, maximumSteps: maximumSteps)
  }

  /// The summary as one line of JSON (no newline inside: one Server-Sent Event's data).
  package var summaryJSON: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return (try? encoder.encode(summary)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }
}
