/// Where a test called the recorder: failures are reported there.
@usableFromInline
struct CallSite: Sendable {
  @usableFromInline var fileID: StaticString
  @usableFromInline var filePath: StaticString
  @usableFromInline var line: UInt
  @usableFromInline var column: UInt

  @inlinable
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    (self.fileID, self.filePath, self.line, self.column) = (fileID, filePath, line, column)
  }

  /// `File.swift:12`, for messages.
  var short: String {
    let file = "\(fileID)".split(separator: "/").last.map(String.init) ?? "\(fileID)"
    return "\(file):\(line)"
  }
}
