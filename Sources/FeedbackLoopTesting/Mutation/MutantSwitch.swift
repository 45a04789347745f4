package import FeedbackGraph
public import FeedbackLoop
import FeedbackLoopSupport
import FeedbackLoopTracing
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
    return system.applying(mutant, decodingState: { StateJSON.decode($0) }) ?? system
  }

  /// How many steps one recording may take under a mutant before the kit stops its loop.
  @usableFromInline package static let runawaySteps = 100_000

  /// A stop for the recording of `system` when the active mutant is the system's; `nil`
  /// without one (a recording without a mutant is never stopped).
  @usableFromInline
  package static func runawayStop(for system: String) -> RunawayStop? {
    guard let mutant = active, mutant.system == system else { return nil }
    return RunawayStop(mutant: mutant)
  }
}

/// Stops a recorder's loop that a mutant made run away, and fails the test saying so.
@usableFromInline
package final class RunawayStop: Sendable {
  let mutant: Mutant
  private let stopLoop = Protected<(@Sendable () -> Void)?>(nil)

  init(mutant: Mutant) {
    self.mutant = mutant
  }

  /// Remembers `loop` (weakly: the loop's own probe holds this stop).
  @usableFromInline
  package func watch<State, Event>(_ loop: Loop<State, Event>) {
    stopLoop.withLock { $0 = { [weak loop] in loop?.stop() } }
  }

  /// Stops the loop and reports the runaway at the recorder's line.
  @usableFromInline
  package func stop(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    stopLoop.withLock { $0 }?()
    reportKitIssue(
      "The mutant \(mutant.name) made the loop run away: \(MutantSwitch.runawaySteps) steps in one recording; "
        + "the kit stopped the loop.", fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
