import FeedbackLoopSupport
package import Foundation

/// Where a failing test's trace goes when no folder is named: the default folder of
/// failure traces, in the package under test.
///
/// - The **package root** is the nearest folder holding a `Package.swift`, going up from
///   the test's source file (`#filePath` of the call that made the recorder): the package
///   whose tests run, wherever `swift test` was started from. None found (a test compiled
///   from a path that no longer exists, or an Xcode project without a package): no default
///   folder, and a failure says to set `FEEDBACKLOOP_TRACE_DIR`.
/// - The **folder** is `<root>/.build/feedbackloop/traces/`: build output, never committed,
///   removed by `swift package clean`'s neighbour `rm -rf .build`.
/// - **Only failures**: a recording is written there only when it reported a failure.
/// - **Unique names**: `<System>-<test file>-<test>-<run>.jsonl`, `<run>` the time this test
///   process started and its process id, so that a run never replaces the trace of an
///   earlier run; the file is created, never overwritten (a file already there with that
///   name is an error that names it).
/// - **Bounded**: after each write the folder keeps its ``kept`` newest `*.jsonl` files and
///   removes older ones (only `*.jsonl` files, only in this folder).
package enum FailureTraces {
  /// How many traces the default folder keeps.
  package static let kept = 50

  /// The folders already found to be (or not to be) a package's root, by source folder.
  private static let roots = Protected<[String: URL?]>([:])

  /// The package root for the source file at `filePath` (see the type's doc).
  package static func packageRoot(ofSourceFile filePath: String) -> URL? {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().standardizedFileURL
    if let known = roots.withLock({ $0[folder.path] }) { return known }
    var candidate = folder
    var found: URL?
    while true {
      if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
        found = candidate
        break
      }
      let parent = candidate.deletingLastPathComponent()
      if parent.path == candidate.path { break }
      candidate = parent
    }
    roots.withLock { $0[folder.path] = found }
    return found
  }

  /// `<root>/.build/feedbackloop/traces`.
  package static func folder(inPackage root: URL) -> URL {
    root.appendingPathComponent(".build/feedbackloop/traces", isDirectory: true)
  }

  /// `20261127-105230-4242`: when this process started (UTC, to the second) and its id.
  package static let runStamp: String = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    return "\(formatter.string(from: Date()))-\(ProcessInfo.processInfo.processIdentifier)"
  }()

  /// Writes `data` as the new file `file` (an error if it exists), then keeps the folder's
  /// ``kept`` newest traces.
  package static func write(_ data: Data, to file: URL) throws {
    let folder = file.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try data.write(to: file, options: .withoutOverwriting)
    prune(folder, keeping: kept)
  }

  /// Removes the oldest `*.jsonl` files of `folder` beyond `count` (by modification date,
  /// then name). A file another process removed first is no error.
  package static func prune(_ folder: URL, keeping count: Int) {
    let keys: [URLResourceKey] = [.contentModificationDateKey]
    guard
      let files = try? FileManager.default.contentsOfDirectory(
        at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
    else { return }
    let traces = files.filter { $0.pathExtension == "jsonl" }.map { file in
      (file, (try? file.resourceValues(forKeys: Set(keys)))?.contentModificationDate ?? .distantPast)
    }
    guard traces.count > count else { return }
    let oldestFirst = traces.sorted { ($0.1, $0.0.lastPathComponent) < ($1.1, $1.0.lastPathComponent) }
    for (file, _) in oldestFirst.prefix(traces.count - count) {
      try? FileManager.default.removeItem(at: file)
    }
  }
}
