/// Who wrote a trace: a test, the explorer, or an app's trace writer.
///
/// **Provenance rule:** every trace header says where it comes from, and coverage counts
/// test traces only unless asked for others: an explorer's covering paths or an app's
/// recording show what *can* happen or what happened in the field, not what a test checked.
public enum TraceOrigin: String, Codable, Hashable, Sendable, CaseIterable {
  /// A test recorded it (the test kit's `LoopRecorder`).
  case test
  /// The explorer wrote it (a finding's counterexample or a covering path).
  case explorer
  /// An app's `TraceWriter` recorded it, outside any test.
  case app
}

extension TraceHeader {
  /// Where the trace comes from: ``origin`` when the header says it; for a trace written
  /// before headers said it, `explorer` when ``test`` starts with "explorer" (the name the
  /// explorer gave its traces), `test` when another ``test`` is set, `app` otherwise.
  public var recordedBy: TraceOrigin {
    if let origin { return origin }
    guard let test else { return .app }
    return test.hasPrefix("explorer") ? .explorer : .test
  }
}
