public import Foundation

/// Reads a trace file one line at a time, so that any number of steps fits in constant
/// memory: the header first, then each step.
///
/// ```swift
/// var reader = try TraceReader(contentsOf: url)
/// let header = try reader.header()
/// while let step = try reader.next() { … }
/// ```
///
/// Every error is a ``GraphDecodingError`` whose source names the file and the line
/// (`traces/Light-cycles.jsonl:12`) and whose path names the field. Each line is checked
/// as it is read: the header as a graph file is (``TraceHeader/check(source:)``), each
/// step's names (``Step/check(source:)``).
///
/// - Complexity: O(n) in the bytes read; memory is one chunk (1 MiB) plus one line.
public struct TraceReader {
  private let source: String
  private var handle: FileHandle?
  private var buffer: Data
  private var position: Int
  /// Where to resume looking for the end of the current line (the bytes before it hold no
  /// newline), so that a long line is scanned once, not once per refill.
  private var scanned: Int
  private var atEnd: Bool
  private var lineNumber = 0
  private var readHeader = false
  private let decoder = JSONDecoder()
  private static let chunkSize = 1 << 20
  /// The longest line read: a longer one is an error, not an unbounded allocation.
  public static let maximumLineLength = 64 << 20

  /// A reader of the file at `url`.
  /// - Throws: ``GraphDecodingError`` when the file cannot be opened or is not a regular
  ///   file (a named pipe, a device: refused before opening, which could block forever).
  public init(contentsOf url: URL) throws {
    source = url.path
    if let kind = nonRegularFileKind(atPath: url.path) {
      throw GraphDecodingError(source: url.path, path: "", reason: "is \(kind), not a trace file")
    }
    do {
      handle = try FileHandle(forReadingFrom: url)
    } catch {
      throw GraphDecodingError(source: url.path, path: "", reason: "cannot be read (\(error.localizedDescription))")
    }
    buffer = Data()
    position = 0
    scanned = 0
    atEnd = false
  }

  /// A reader of trace text in memory; `source` names it in errors.
  public init(data: Data, source: String = "<data>") {
    self.source = source
    handle = nil
    buffer = data
    position = data.startIndex
    scanned = data.startIndex
    atEnd = true
  }

  /// Reads the header line. Call it once, before ``next()``.
  public mutating func header() throws -> TraceHeader {
    precondition(!readHeader, "TraceReader.header() reads the first line; call it once")
    readHeader = true
    guard let line = try nextLine() else {
      throw GraphDecodingError(source: source, path: "", reason: "empty trace: expected a header line")
    }
    let header = try JSONFormat.decode(TraceHeader.self, from: line, source: "\(source):\(lineNumber)")
    try header.check(source: "\(source):\(lineNumber)")
    return header
  }

  /// The next step, or `nil` at the end of the file. Blank lines are skipped.
  public mutating func next() throws -> Step? {
    if !readHeader { _ = try header() }
    while let line = try nextLine() {
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      let step: Step
      do {
        step = try decoder.decode(Step.self, from: line)
      } catch {
        throw GraphDecodingError(source: "\(source):\(lineNumber)", underlying: error)
      }
      try step.check(source: "\(source):\(lineNumber)")
      return step
    }
    return nil
  }

  /// The 1-based number of the line read last.
  public var currentLine: Int { lineNumber }

  private mutating func nextLine() throws -> Data? {
    while true {
      if let newline = buffer[max(position, scanned)...].firstIndex(of: 0x0A) {
        let line = buffer[position..<newline]
        position = newline + 1
        scanned = position
        lineNumber += 1
        return Data(line)
      }
      scanned = buffer.endIndex
      guard buffer.endIndex - position <= Self.maximumLineLength else {
        throw GraphDecodingError(
          source: "\(source):\(lineNumber + 1)", path: "",
          reason: "line longer than \(Self.maximumLineLength >> 20) MiB: not a trace")
      }
      if atEnd {
        guard position < buffer.endIndex else { return nil }
        let line = buffer[position...]
        position = buffer.endIndex
        lineNumber += 1
        return Data(line)
      }
      try refill()
    }
  }

  private mutating func refill() throws {
    guard let handle else {
      atEnd = true
      return
    }
    let chunk: Data?
    do {
      chunk = try handle.read(upToCount: Self.chunkSize)
    } catch {
      throw GraphDecodingError(
        source: "\(source):\(lineNumber + 1)", path: "", reason: "read failed (\(error.localizedDescription))")
    }
    let scannedAhead = scanned - position
    buffer = Data(buffer[position...])
    position = buffer.startIndex
    scanned = buffer.startIndex + scannedAhead
    if let chunk, !chunk.isEmpty {
      buffer.append(chunk)
    } else {
      atEnd = true
      try? handle.close()
      self.handle = nil
    }
  }
}
