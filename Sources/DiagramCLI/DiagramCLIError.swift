import FeedbackCoverage
public import FeedbackDiagram
import FeedbackGraph
import FeedbackMutation

/// What the `diagram` command reports on bad input: one line each, and a non-zero exit.
public enum DiagramCLIError: Error, Equatable, CustomStringConvertible {
  case unknownSystem(String, known: [String])
  case unreadableGraph(path: String)
  case malformedGraph(String)
  case outputIsAFile(path: String)
  case invalid(DiagramError)
  case stale([String])
  case writeFailed(path: String, reason: String)
  /// Files in the output folder that `diagram` did not write (or links and folders in the
  /// way): it refuses to replace them.
  case wouldReplaceForeign([String], folder: String)
  /// The output folder's `.diagram-files` is not a manifest `diagram` wrote.
  case foreignManifest(path: String)
  /// `--format` named no format.
  case noFormat(known: [String])
  /// An input file larger than the tool reads.
  case inputTooLarge(path: String, limit: Int)
  /// Trace files that could not be read or measured (`CoverageError`,
  /// `GraphDecodingError`: `file:line: field: reason`).
  case traces(String)
  /// A `--min-…` option outside 0…1.
  case minimumOutOfRange(option: String, value: Double)
  /// Coverage below a `--min-…` option: the first line says which, the next lines list
  /// what is uncovered.
  case belowMinimum([String])
  /// Committed coverage figures that differ from what the trace files give.
  case staleCoverage([String], paths: [String])
  /// `report` on a folder whose manifest records no system.
  case nothingToReport(folder: String)
  /// `watch` could not start: the folder, an option, or the address (the inspector's message).
  case watch(String)
  /// `mutate --mutant ID` named a mutant no registered system has.
  case unknownMutant(String)
  /// A `mutate --merge` file that is not the results of `mutate --json` (or that repeats a mutant).
  case mutationResults(String)
  /// `mutate` before any mutant ran: the build failed, or the suite fails without a mutant.
  case mutationSetup(String)
  /// A mutation score below `--min-score`.
  case belowMutationScore(score: Double, minimum: Double, survivors: Int)

  /// The message, naming the command `diagram`.
  public var description: String { message(commandName: "diagram") }

  /// The message, naming the command `commandName` where it tells what to run or who wrote
  /// a file (a package's own executable goes by its own name).
  ///
  /// Whatever the message quotes (paths, names, other errors' messages) has its control,
  /// format and separator characters written as `\u{…}`: one line (the list of
  /// ``belowMinimum(_:)``: one line per item), and nothing that drives a terminal.
  public func message(commandName name: String) -> String {
    if case .belowMinimum = self { return messageLines(text(commandName: name)) }
    return messageLine(text(commandName: name))
  }

  private func text(commandName name: String) -> String {
    switch self {
    case .unknownSystem(let name, let known):
      "unknown system \(messageQuoted(name, limit: 200)); known systems: \(known.joined(separator: ", "))"
    case .unreadableGraph(let path):
      "cannot read graph file \(path)"
    case .malformedGraph(let message):
      "malformed graph: \(message)"
    case .outputIsAFile(let path):
      "output path \(path) is a file, not a folder"
    case .invalid(let error):
      "\(error)"
    case .stale(let files):
      "\(files.count) diagram file\(files.count == 1 ? " is" : "s are") stale or missing: \(files.joined(separator: ", ")); run `swift run \(name)` and commit the result"
    case .writeFailed(let path, let reason):
      "cannot write \(path): \(reason)"
    case .wouldReplaceForeign(let files, let folder):
      "refusing to replace \(files.count) file\(files.count == 1 ? "" : "s") in \(folder) that \(name) did not write: \(files.prefix(5).joined(separator: ", "))\(files.count > 5 ? ", …" : ""); move \(files.count == 1 ? "it" : "them") away, or choose another --output"
    case .noFormat(let known):
      "--format names no format; expected a comma-separated list of: \(known.joined(separator: ", "))"
    case .inputTooLarge(let path, let limit):
      "\(path) is larger than \(limit / (1 << 20)) MB, the most \(name) reads; is it the right file?"
    case .foreignManifest(let path):
      "\(path) is not a manifest \(name) wrote; move it away, or choose another --output"
    case .traces(let message):
      message
    case .minimumOutOfRange(let option, let value):
      "\(option) \(value) is out of range; expected a fraction from 0 to 1 (0.9 = 90 %)"
    case .belowMinimum(let lines):
      lines.joined(separator: "\n")
    case .nothingToReport(let folder):
      "\(folder) holds no systems drawn by \(name) (its .diagram-files lists none); run `swift run \(name)` first"
    case .unknownMutant(let id):
      "unknown mutant \(messageQuoted(id, limit: 200)); `\(name) mutate --list` lists the mutants' ids"
    case .mutationResults(let message):
      message
    case .watch(let message):
      message
    case .mutationSetup(let message):
      message
    case .belowMutationScore(let score, let minimum, let survivors):
      "mutation score \(MutationReport.fixed(score)) is below --min-score \(MutationReport.fixed(minimum)) (\(survivors) survivor\(survivors == 1 ? "" : "s") listed above)"
    case .staleCoverage(let files, let paths):
      "\(files.count) coverage file\(files.count == 1 ? " is" : "s are") stale or missing: \(files.joined(separator: ", ")); run `swift run \(name) coverage \(paths.joined(separator: " "))` and commit the result"
    }
  }
}
