import FeedbackGraph
import Foundation

/// Finds trace files: the files given, and every `*.jsonl` file under the folders given,
/// recursively.
public enum TraceFiles {
  /// The trace files at `paths`, as paths that start with what was given (so that messages
  /// name files the way the user wrote them). Files named directly are kept whatever their
  /// extension; files found in folders are sorted, and hidden files and folders skipped.
  ///
  /// - Throws: ``CoverageError/missingPath(_:)`` for a path that does not exist,
  ///   ``CoverageError/noTraceFiles(_:)`` when nothing was found.
  /// - Complexity: O(f log f) in the files under the folders.
  public static func find(_ paths: [String]) throws -> [String] {
    let manager = FileManager.default
    var found: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { throw CoverageError.missingPath(path) }
      guard isDirectory.boolValue else {
        found.append(path)
        continue
      }
      var inFolder: [String] = []
      let root = URL(fileURLWithPath: path, isDirectory: true)
      let enumerator = manager.enumerator(
        at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
      while let url = enumerator?.nextObject() as? URL {
        guard url.pathExtension == "jsonl",
          (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        else { continue }
        let relative = url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count)
          .drop { $0 == "/" }
        inFolder.append((path.hasSuffix("/") ? path : path + "/") + relative)
      }
      found += inFolder.sorted()
    }
    guard !found.isEmpty else { throw CoverageError.noTraceFiles(paths) }
    return found
  }
}
