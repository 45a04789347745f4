import Foundation

/// Which mutant each test of a test process runs with: what `diagram mutate` hands a test
/// process in the environment variable ``environmentVariable``, and what the test kit's
/// recorders read. Plain data shared by the runner (FeedbackMutation) and the test kit, so
/// that the variable's name and format are written once.
///
/// Many mutants share one process: each Swift Testing test (by its identifier as `swift test
/// list` prints it, `Module.Suite/name()`) gets its own (``byTest``); a test outside Swift
/// Testing (XCTest) is run in a process of its own with ``everyTest``.
package struct MutantAssignment: Codable, Hashable, Sendable {
  /// The environment variable that carries the assignment: its JSON, or the path of a file
  /// holding it (a process's environment is limited in size).
  package static let environmentVariable = "FEEDBACKLOOP_MUTANT"

  /// The mutant every recorder of the process applies, whatever test made it.
  package var everyTest: Mutant?
  /// Per test identifier (`Module.Suite/name()`), the mutant that test's recorders apply.
  package var byTest: [String: Mutant]

  /// An assignment.
  package init(everyTest: Mutant? = nil, byTest: [String: Mutant] = [:]) {
    self.everyTest = everyTest
    self.byTest = byTest
  }

  /// The mutant for the test `identifier` (`nil`: no running test known).
  package func mutant(forTest identifier: String?) -> Mutant? {
    if let everyTest { return everyTest }
    return identifier.flatMap { byTest[$0] }
  }

  /// The JSON text (sorted keys), as the variable or its file holds it.
  package func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }

  /// The assignment the variable's `value` gives: JSON when it starts with `{`, else the
  /// path of a file holding the JSON.
  ///
  /// - Throws: when the file cannot be read or the text is not an assignment's JSON.
  package static func read(environmentValue value: String) throws -> MutantAssignment {
    let data =
      value.hasPrefix("{") ? Data(value.utf8) : try Data(contentsOf: URL(fileURLWithPath: value, isDirectory: false))
    return try JSONDecoder().decode(MutantAssignment.self, from: data)
  }
}
