import FeedbackGraph
/// Why traces could not be measured together. Each description is one line that names
/// what and where.
public enum CoverageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Two coverages of the same system measured different graphs (fingerprints given).
  case differentGraphs(system: String, String, String)
  /// Traces of a system nobody registered disagree on its graph: the fingerprints, each
  /// with the files recorded against it. (``CoverageCollector`` no longer throws it: it
  /// measures the fingerprint most traces share and skips the others.)
  case conflictingTraces(system: String, [String: [String]])
  /// A trace of an unregistered system carries no graph to measure it against.
  case noGraph(system: String, file: String)
  /// A trace of a registered system, recorded against other declarations (fingerprint
  /// `recorded`; the system is now `current`), carries no graph to draw it on.
  case staleWithoutGraph(system: String, file: String, recorded: String, current: String)
  /// A path given on the command line that is neither a file nor a folder.
  case missingPath(String)
  /// The paths given hold no trace file (`*.jsonl`).
  case noTraceFiles([String])

  /// The value as one line of text; names and paths with control, format or separator
  /// characters written as `\u{…}` (`messageLine(_:)`).
  public var description: String { messageLine(text) }

  private var text: String {
    switch self {
    case .differentGraphs(let system, let mine, let theirs):
      "cannot merge coverage of \(system): measured against fingerprint \(mine) and \(theirs)"
    case .conflictingTraces(let system, let files):
      "traces of \(system) (not a registered system) were recorded against different declarations: "
        + files.keys.sorted().map { "\($0) in \(files[$0, default: []].sorted().joined(separator: ", "))" }.joined(
          separator: "; ")
    case .noGraph(let system, let file):
      "\(file): \(system) is not a registered system and the trace carries no graph to draw it on"
    case .staleWithoutGraph(let system, let file, let recorded, let current):
      "\(file): recorded against fingerprint \(recorded), \(system) is now \(current), and the trace carries no graph to draw it on"
    case .missingPath(let path):
      "no such file or folder: \(path)"
    case .noTraceFiles(let paths):
      "no trace files (*.jsonl) in \(paths.isEmpty ? "the current folder" : paths.joined(separator: ", "))"
    }
  }
}
