public import FeedbackGraph
/// A trace coverage did not count because of who wrote it (the provenance rule: coverage
/// counts what tests ran, unless asked for more).
public struct LeftOutTrace: Hashable, Sendable, CustomStringConvertible {
  /// The trace file, as given.
  public var file: String
  /// The system's name.
  public var system: String
  /// Who wrote it.
  public var origin: TraceOrigin

  /// A left-out trace.
  package init(file: String, system: String, origin: TraceOrigin) {
    self.file = file
    self.system = system
    self.origin = origin
  }

  /// `left out Traces/a.jsonl: written by the explorer, not by a test`.
  public var description: String {
    let writer =
      switch origin {
      case .test: "a test"
      case .explorer: "the explorer"
      case .app: "an app's trace writer"
      }
    return "left out \(file): written by \(writer), not by a test"
  }
}
