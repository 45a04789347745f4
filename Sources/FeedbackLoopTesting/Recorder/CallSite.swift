/// Where a test called the recorder: failures are reported there.
struct CallSite: Sendable {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt

  /// `File.swift:12`, for messages.
  var short: String {
    let file = "\(fileID)".split(separator: "/").last.map(String.init) ?? "\(fileID)"
    return "\(file):\(line)"
  }
}
