package import FeedbackGraph
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One trace file followed as an app writes it: each ``read()`` reads only the bytes added
/// since the last one (an offset is kept; a file is never read again from its start), holds
/// a last line that is not finished yet until its newline arrives, and checks every line
/// as `diagram trace` does (``TraceReader``'s header and step checks, the same
/// `file:line: field: reason` messages).
///
/// A file replaced (another inode at the path) or shorter than what was read (truncated, or
/// rewritten by a `lastSteps` writer) starts a new session: read from its start, with a
/// header of its own. A path that is not a regular file (a named pipe, a device, a folder,
/// a socket) is refused with a message, never opened in a way that could block. A problem
/// never ends the tail: a malformed line is reported and skipped; a malformed header makes
/// the session unreadable until the file is replaced.
///
/// - Complexity: each ``read()`` is O(new bytes), at most ``chunkLimit`` of them; memory is
///   one chunk plus the unfinished line (at most ``maximumLineLength``).
package struct TraceTail {
  /// What one ``read()`` found.
  package struct Update: Equatable {
    /// Whether the file was replaced or shortened since the last read: what came before
    /// belongs to another session (this update's steps start the new one).
    package var newSession = false
    /// The session's header, the first time it is read.
    package var header: TraceHeader?
    /// The steps completed since the last read, checked.
    package var steps: [TraceStep] = []
    /// One line per problem (`Traces/App.jsonl:12: kind: …`), in the order met.
    package var problems: [String] = []
    /// Whether unread bytes remain (more than ``chunkLimit`` arrived): read again soon.
    package var more = false
  }

  /// The path read, as given; errors name it (`path:line`).
  package let path: String
  /// The longest line kept while it waits for its newline; a longer one is reported and
  /// skipped up to its newline (``TraceReader/maximumLineLength``, as `diagram trace`).
  package var maximumLineLength = TraceReader.maximumLineLength
  /// The most bytes one ``read()`` reads.
  package var chunkLimit = 4 << 20

  /// The file of the current session, kept open: while it is, its inode cannot be given to
  /// a new file at the path, so a replaced file is always seen as one.
  private var file: OpenFile?
  /// Bytes read so far from the current session's file.
  package private(set) var offset: UInt64 = 0
  private var pending = Data()
  private var lineNumber = 0
  private var headerRead = false
  private var sessionUnreadable = false
  private var skippingLongLine = false
  /// What was last refused, so that a refusal is reported once, not at every read.
  private var refused: String?

  /// A tail of the file at `path`, not read yet.
  package init(path: String) {
    self.path = path
  }

  /// Reads what the file gained since the last call.
  package mutating func read() -> Update {
    var update = Update()
    var info = stat()
    guard stat(path, &info) == 0 else {
      refuse("cannot be read (\(String(cString: strerror(errno))))", into: &update)
      return update
    }
    if let kind = Self.kind(of: info) {
      refuse("is \(kind), not a trace file", into: &update)
      return update
    }
    let atPath = (device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    if file == nil || file?.device != atPath.device || file?.inode != atPath.inode {
      // Opened without blocking, and checked again once open: what is at the path may have
      // changed since `stat` (a named pipe put in its place).
      let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else {
        refuse("cannot be read (\(String(cString: strerror(errno))))", into: &update)
        return update
      }
      guard fstat(descriptor, &info) == 0 else {
        close(descriptor)
        refuse("cannot be read (\(String(cString: strerror(errno))))", into: &update)
        return update
      }
      if let kind = Self.kind(of: info) {
        close(descriptor)
        refuse("is \(kind), not a trace file", into: &update)
        return update
      }
      let opened = OpenFile(descriptor: descriptor, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
      if file != nil {
        startSession()
        update.newSession = true
      }
      file = opened
    }
    refused = nil
    guard let file, fstat(file.descriptor, &info) == 0 else { return update }
    let size = UInt64(info.st_size)
    if size < offset {
      startSession()
      update.newSession = true
    }
    guard size > offset else { return update }
    let count = Int(min(size - offset, UInt64(chunkLimit)))
    var chunk = Data(count: count)
    let got = chunk.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, count, off_t(offset)) }
    guard got >= 0 else {
      update.problems.append(message("", "read failed (\(String(cString: strerror(errno))))"))
      return update
    }
    chunk.count = got
    offset += UInt64(got)
    update.more = offset < size
    consume(chunk, into: &update)
    return update
  }

  private mutating func startSession() {
    offset = 0
    pending = Data()
    lineNumber = 0
    headerRead = false
    sessionUnreadable = false
    skippingLongLine = false
  }

  private mutating func refuse(_ reason: String, into update: inout Update) {
    guard refused != reason else { return }
    refused = reason
    update.problems.append(GraphDecodingError(source: path, path: "", reason: reason).description)
  }

  /// Splits `chunk` (after what waits in `pending`) into lines and handles each finished one.
  private mutating func consume(_ chunk: Data, into update: inout Update) {
    var start = chunk.startIndex
    while let newline = chunk[start...].firstIndex(of: 0x0A) {
      if skippingLongLine {
        skippingLongLine = false
      } else {
        pending.append(chunk[start..<newline])
        if pending.count > maximumLineLength {
          update.problems.append(longLine(lineNumber + 1))
        } else {
          handle(line: pending, number: lineNumber + 1, into: &update)
        }
      }
      lineNumber += 1
      pending = Data()
      start = newline + 1
    }
    guard !skippingLongLine else { return }
    pending.append(chunk[start...])
    if pending.count > maximumLineLength {
      update.problems.append(longLine(lineNumber + 1))
      pending = Data()
      skippingLongLine = true
    }
  }

  private mutating func handle(line: Data, number: Int, into update: inout Update) {
    guard !sessionUnreadable else { return }
    let source = "\(path):\(number)"
    let isHeader = !headerRead
    do {
      if isHeader {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
          throw GraphDecodingError(source: source, path: "", reason: "empty trace: expected a header line")
        }
        headerRead = true
        update.header = try TraceReader.header(line: line, source: source)
      } else if let step = try TraceReader.step(line: line, source: source) {
        update.steps.append(step)
      }
    } catch {
      let text = (error as? GraphDecodingError)?.description ?? message("\(number)", "\(error)")
      if isHeader { sessionUnreadable = true }
      update.problems.append(text + (isHeader ? " (the file is skipped until it is replaced)" : ""))
    }
  }

  private mutating func longLine(_ number: Int) -> String {
    let limit = maximumLineLength >= 1 << 20 ? "\(maximumLineLength >> 20) MiB" : "\(maximumLineLength) bytes"
    let isHeader = !headerRead
    if isHeader {
      headerRead = true
      sessionUnreadable = true
    }
    return GraphDecodingError(source: "\(path):\(number)", path: "", reason: "line longer than \(limit): not a trace")
      .description + (isHeader ? " (the file is skipped until it is replaced)" : "")
  }

  private func message(_ line: String, _ reason: String) -> String {
    GraphDecodingError(source: line.isEmpty ? path : "\(path):\(line)", path: "", reason: reason).description
  }

  /// An open file, closed when the last tail holding it goes.
  private final class OpenFile: Sendable {
    let descriptor: Int32
    let device: UInt64
    let inode: UInt64
    init(descriptor: Int32, device: UInt64, inode: UInt64) {
      self.descriptor = descriptor
      self.device = device
      self.inode = inode
    }
    deinit { close(descriptor) }
  }

  /// What `info` describes when it is not a regular file (as ``TraceReader`` names it).
  static func kind(of info: stat) -> String? {
    switch info.st_mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a folder"
    case S_IFIFO: "a named pipe"
    case S_IFSOCK: "a socket"
    case S_IFCHR, S_IFBLK: "a device"
    default: "not a regular file"
    }
  }
}
