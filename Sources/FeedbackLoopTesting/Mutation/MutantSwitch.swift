package import FeedbackGraph
public import FeedbackLoop
import Foundation
import Testing

/// The mutant `diagram mutate` switched on for the running test: the process's
/// ``MutantAssignment`` (in the environment variable
/// ``MutantAssignment/environmentVariable``, read once) gives each Swift Testing test its
/// own mutant, so that one process runs many mutants. A ``LoopRecorder`` applies it to the
/// system it records when the system's name and fingerprint are the mutant's; nothing else
/// reads it, so a plain `Loop` always runs the declared system.
@usableFromInline
package enum MutantSwitch {
  /// The mutant a test of the kit switches on with `$current.withValue(…)`; it comes before
  /// the environment's assignment.
  @TaskLocal package static var current: Mutant?

  /// The environment's assignment, read once.
  package static let assignment: MutantAssignment? = read(
    ProcessInfo.processInfo.environment[MutantAssignment.environmentVariable])

  /// The assignment `value` gives; `nil` (with a one-line note on standard error) when it is
  /// neither an assignment's JSON nor a file holding one.
  package static func read(_ value: String?) -> MutantAssignment? {
    guard let value, !value.isEmpty else { return nil }
    do {
      return try MutantAssignment.read(environmentValue: value)
    } catch {
      FileHandle.standardError.write(
        Data(
          "warning: \(MutantAssignment.environmentVariable) holds no mutant assignment; testing the declared systems\n"
            .utf8))
      return nil
    }
  }

  /// The running Swift Testing test's identifier as `swift test list` prints it
  /// (`Module.Suite/name()`), `nil` outside one.
  package static var runningTestIdentifier: String? {
    guard let id = Test.current?.id else { return nil }
    return id.moduleName + "." + id.nameComponents.joined(separator: "/")
  }

  /// The mutant for this task: ``current``, else the assignment's for the running test.
  package static var active: Mutant? {
    if let current { return current }
    guard let assignment else { return nil }
    return assignment.mutant(forTest: runningTestIdentifier)
  }

  /// `system` with the active mutant applied, when the mutant is one of its own.
  @usableFromInline
  package static func applied<State, Event>(to system: System<State, Event>) -> System<State, Event> {
    guard let mutant = active, mutant.system == system.name else { return system }
    return system.applying(mutant) ?? system
  }
}
