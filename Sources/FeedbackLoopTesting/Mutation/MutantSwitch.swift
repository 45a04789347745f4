package import FeedbackGraph
public import FeedbackLoop
import Foundation

/// The mutant `diagram mutate` switched on for this test process: the JSON of a `Mutant`
/// in the `FEEDBACKLOOP_MUTANT` environment variable, read once. A ``LoopRecorder`` applies
/// it to the system it records when the system's name and fingerprint are the mutant's;
/// nothing else reads it, so a plain `Loop` always runs the declared system.
@usableFromInline
package enum MutantSwitch {
  /// The environment variable that names the mutant.
  package static let variable = "FEEDBACKLOOP_MUTANT"

  /// The mutant recorders apply: the environment's (read once), or, inside
  /// `$current.withValue(…)`, the value a test of the kit gives.
  @TaskLocal package static var current: Mutant? = read(ProcessInfo.processInfo.environment[variable])

  /// The mutant `text` holds; `nil` (with a one-line note on standard error) when it is
  /// not a mutant's JSON.
  package static func read(_ text: String?) -> Mutant? {
    guard let text, !text.isEmpty else { return nil }
    do {
      return try JSONDecoder().decode(Mutant.self, from: Data(text.utf8))
    } catch {
      FileHandle.standardError.write(
        Data("warning: \(variable) is not a mutant's JSON; testing the declared systems\n".utf8))
      return nil
    }
  }

  /// `system` with the current mutant applied, when the mutant is one of its own.
  @usableFromInline
  package static func applied<State, Event>(to system: System<State, Event>) -> System<State, Event> {
    guard let mutant = current, mutant.system == system.name else { return system }
    return system.applying(mutant) ?? system
  }
}
