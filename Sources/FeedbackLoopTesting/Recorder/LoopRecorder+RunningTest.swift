import Testing

extension LoopRecorder {
  /// The Swift Testing test running on this task, if any: its name and the file ID of its
  /// declaration, which name the trace file even when the recorder is made in a helper.
  ///
  /// XCTest offers no public way to ask for the running test case, so under XCTest this is
  /// `nil` and the recorder is named after the function that created it.
  @usableFromInline
  static func runningTest() -> (name: String, fileID: String)? {
    guard let test = Test.current else { return nil }
    return (test.name, test.sourceLocation.fileID)
  }
}
