import Foundation

/// Reads the files `diagram` is given, with a size limit: a huge file, a device or a pipe
/// that never ends is a one-line error within seconds, never minutes of work.
enum InputFile {
  /// The largest graph file read: 16 MB is far beyond any hand-written or generated system
  /// (the 1,000-state benchmark graph is under 1 MB).
  static let graphLimit = 16 << 20

  /// The bytes of the regular file at `path`, at most `limit` of them.
  /// - Throws: ``DiagramCLIError/unreadableGraph(path:)`` when it cannot be read or is not a
  ///   regular file, ``DiagramCLIError/inputTooLarge(path:limit:)`` past `limit`.
  static func read(_ path: String, limit: Int) throws -> Data {
    // A link is followed first, so that a link to a device or a pipe is refused like one.
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
      attributes[.type] as? FileAttributeType == .typeRegular,
      let handle = FileHandle(forReadingAtPath: resolved)
    else { throw DiagramCLIError.unreadableGraph(path: path) }
    defer { try? handle.close() }
    if let size = attributes[.size] as? Int, size > limit {
      throw DiagramCLIError.inputTooLarge(path: path, limit: limit)
    }
    // Read one byte past the limit: the size can change between the check and the read.
    guard let data = try? handle.read(upToCount: limit + 1) else { throw DiagramCLIError.unreadableGraph(path: path) }
    guard data.count <= limit else { throw DiagramCLIError.inputTooLarge(path: path, limit: limit) }
    return data
  }
}
