public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a trace file one line at a time, so that any number of steps fits in constant
/// memory: the header first, then each step.
///
/// ```swift
/// var reader = try TraceReader(contentsOf: url)
/// let header = try reader.header()
/// var events = 0
/// while let step = try reader.next() { if step.kind == .event { events += 1 } }
/// print("\(header.graph?.name ?? "?"): \(events) events")
/// ```
///
/// Every error is a ``GraphDecodingError`` whose source names the file and the line
/// (`traces/Light-cycles.jsonl:12`) and whose path names the field. Each line is checked
/// as it is read: the header as a graph file is (``SystemGraph/decode(_:source:)``), each
/// step's node names (printable, as a graph's names must be).
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
  package static let maximumLineLength = 64 << 20

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
    return try Self.header(line: line, source: "\(source):\(lineNumber)")
  }

  /// The header `line` holds, checked (``TraceHeader/check(source:)``); `source` (`file:line`)
  /// names it in errors. What ``header()`` does with the first line of a file.
  package static func header(line: Data, source: String) throws -> TraceHeader {
    let header = try JSONFormat.decode(TraceHeader.self, from: line, source: source)
    try header.check(source: source)
    return header
  }

  /// The step `line` holds, checked (``TraceStep/check(source:)``), or `nil` for a blank
  /// line; `source` (`file:line`) names it in errors. What ``next()`` does with each line
  /// after the header, for a reader that has the line's bytes already (`diagram watch`).
  package static func step(line: Data, source: String) throws -> TraceStep? {
    let plain: TraceStep? = line.withUnsafeBytes { StepLineDecoder.decode($0) }
    let step: TraceStep
    if let plain {
      step = plain
    } else {
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
      do {
        step = try JSONDecoder().decode(TraceStep.self, from: line)
      } catch {
        throw GraphDecodingError(source: source, underlying: error)
      }
    }
    try step.check(source: source)
    return step
  }

  /// The next step, or `nil` at the end of the file. Blank lines are skipped.
  public mutating func next() throws -> TraceStep? {
    if !readHeader { _ = try header() }
    while let range = try nextLineRange() {
      // The plain form the writers write, decoded in place without JSONDecoder; anything
      // else (and blank lines) through `Data` and JSONDecoder.
      let start = buffer.startIndex
      let plain: TraceStep? = buffer.withUnsafeBytes { raw in
        StepLineDecoder.decode(
          UnsafeRawBufferPointer(rebasing: raw[(range.lowerBound - start)..<(range.upperBound - start)]))
      }
      let step: TraceStep
      if let plain {
        step = plain
      } else {
        let line = Data(buffer[range])
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        do {
          step = try decoder.decode(TraceStep.self, from: line)
        } catch {
          throw GraphDecodingError(source: "\(source):\(lineNumber)", underlying: error)
        }
      }
      try step.check(source: "\(source):\(lineNumber)")
      return step
    }
    return nil
  }

  /// The 1-based number of the line read last.
  package var currentLine: Int { lineNumber }

  private mutating func nextLine() throws -> Data? {
    try nextLineRange().map { Data(buffer[$0]) }
  }

  /// The range of the next line in ``buffer`` (valid until the next read).
  private mutating func nextLineRange() throws -> Range<Int>? {
    while true {
      // Searched in the raw bytes: `Data`'s own `firstIndex(of:)` checks exclusive access
      // for every byte, which cost more than decoding the line.
      let from = max(position, scanned)
      let start = buffer.startIndex
      let newline: Int? = buffer.withUnsafeBytes { raw in
        let offset = from - start
        guard offset < raw.count, let base = raw.baseAddress,
          let found = memchr(base + offset, 0x0A, raw.count - offset)
        else { return nil }
        return start + (UnsafeRawPointer(found) - base)
      }
      if let newline {
        let line = position..<newline
        position = newline + 1
        scanned = position
        lineNumber += 1
        return line
      }
      scanned = buffer.endIndex
      guard buffer.endIndex - position <= Self.maximumLineLength else {
        throw GraphDecodingError(
          source: "\(source):\(lineNumber + 1)", path: "",
          reason: "line longer than \(Self.maximumLineLength >> 20) MiB: not a trace")
      }
      if atEnd {
        guard position < buffer.endIndex else { return nil }
        let line = position..<buffer.endIndex
        position = buffer.endIndex
        lineNumber += 1
        return line
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
