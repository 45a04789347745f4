import FeedbackLoop
import FeedbackGraph
package import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Names, creates and deletes a ``TraceWriter``'s files.
package enum TraceWriterFiles {
  /// `name` as part of a file name: ASCII letters, digits, `-` and `_`; anything else
  /// becomes `_`. Never empty, never `.` or `..`, at most 64 characters.
  package static func sanitized(_ name: String) -> String {
    String(SafeFileName.make(name, fallback: "Trace").prefix(64))
  }

  /// `<system>-<yyyyMMdd-HHmmss>-<pid>-<sequence>.jsonl`, the time in UTC.
  package static func fileName(system: String, date: Date, processID: Int32, sequence: Int) -> String {
    "\(system)-\(timestamp(date))-\(processID)-\(sequence).jsonl"
  }

  /// `yyyyMMdd-HHmmss`, UTC.
  static func timestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { let v = value ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
    return "\(c.year ?? 0)\(two(c.month))\(two(c.day))-\(two(c.hour))\(two(c.minute))\(two(c.second))"
  }

  /// Creates the directory at `path` and its missing parents; returns `errno` when it
  /// cannot (`ENOTDIR` when `path` or a parent is a file), `nil` when the directory exists.
  static func createDirectory(_ path: String) -> Int32? {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      return isDirectory.boolValue ? nil : ENOTDIR
    }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path, let number = createDirectory(parent) { return number }
    if mkdir(path, 0o755) == 0 { return nil }
    let number = errno
    if number == EEXIST, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
    {
      return nil  // created meanwhile by someone else
    }
    return number
  }

  /// Opens a new file at `path` for writing, failing if anything exists there
  /// (`O_CREAT | O_EXCL`): a writer never overwrites a file. Returns the descriptor, or -1
  /// with `errno` set.
  @Sendable package static func createExclusively(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
  }

  /// The `errno` behind a Foundation error, when there is one.
  static func errorNumber(of error: any Error) -> Int32? {
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return Int32(underlying.code)
    }
    return nil
  }

  static func failure(
    _ operation: TraceWriterFailure.Operation, path: String, error: any Error
  ) -> TraceWriterFailure {
    let number = errorNumber(of: error)
    return TraceWriterFailure(
      operation: operation, path: path, errorNumber: number,
      reason: number.map(describe) ?? error.localizedDescription)
  }

  static func failure(_ operation: TraceWriterFailure.Operation, path: String, errorNumber: Int32) -> TraceWriterFailure
  {
    TraceWriterFailure(operation: operation, path: path, errorNumber: errorNumber, reason: describe(errorNumber))
  }

  /// `strerror`'s text for `number`.
  static func describe(_ number: Int32) -> String {
    String(cString: strerror(number))
  }

  /// One line on standard error.
  static func printToStandardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}

/// What the writer thread needs to create files; tests replace `createFile` to simulate a
/// full disk.
package struct TraceWriterFileOptions: Sendable {
  package var directory: URL
  package var now: @Sendable () -> Date
  /// Opens a new file for writing, returning its descriptor or -1 with `errno` set (see
  /// ``TraceWriterFiles/createExclusively(_:)``).
  package var createFile: @Sendable (String) -> Int32

  package init(
    directory: URL, now: @escaping @Sendable () -> Date = Date.init,
    createFile: @escaping @Sendable (String) -> Int32 = TraceWriterFiles.createExclusively
  ) {
    self.directory = directory
    self.now = now
    self.createFile = createFile
  }
}

/// The writer thread's side of a ``TraceWriter``: maps steps and writes files. Used by that
/// one thread only.
final class TraceWriterSink<State: Sendable, Event: Sendable> {
  typealias Pending = TraceWriterPendingStep<State, Event>

  let policy: TraceWriterPolicy
  let mapper: TraceStepMapper<State, Event>
  let options: TraceWriterFileOptions
  let systemName: String
  let processID = getpid()

  /// The first failure; once set, nothing more is written.
  private(set) var failure: TraceWriterFailure?
  /// The files created and not deleted, oldest first.
  private(set) var files: [URL] = []
  private(set) var writtenSteps = 0
  private lazy var baseHeader = mapper.header(test: nil, outcome: .recorded)
  private var sequence = 0

  // rotatingFiles
  private var handle: FileHandle?
  private var stepsInFile = 0
  private var buffer = Data()
  private var bufferedSteps = 0
  private static var bufferLimit: Int { 1 << 18 }

  // lastSteps: the window of steps with their indices and times.
  private var window: TraceWriterRing<(step: LoopStep<State, Event>, index: Int, time: Duration)>?
  private var windowChanged = false

  init(system: System<State, Event>, policy: TraceWriterPolicy, options: TraceWriterFileOptions) {
    self.policy = policy
    self.mapper = TraceStepMapper(system: system)
    self.options = options
    self.systemName = TraceWriterFiles.sanitized(system.name)
    if case .lastSteps(let count) = policy { window = TraceWriterRing(capacity: count) }
  }

  /// Creates the directory and the first file (a header-only trace), so that an unusable
  /// directory is reported at once.
  func start() {
    let path = options.directory.path
    if let number = TraceWriterFiles.createDirectory(path) {
      fail(TraceWriterFiles.failure(.createDirectory, path: path, errorNumber: number))
      return
    }
    switch policy {
    case .rotatingFiles: openNextFile(droppedSoFar: 0)
    case .lastSteps: writeWindow(replacing: false)
    }
  }

  /// Maps and writes (or, for `lastSteps`, keeps) the steps of `batch`. Returns how many
  /// steps it discarded because the writer had failed.
  func take(_ batch: borrowing TraceWriterRing<Pending>, droppedSoFar: Int) -> Int {
    if failure != nil { return batch.count }
    batch.forEach { pending in
      add(pending.step, index: pending.index, time: pending.time, droppedSoFar: droppedSoFar)
    }
    if failure == nil, !buffer.isEmpty { writeBuffer() }
    return 0
  }

  /// Puts everything taken so far into files.
  func flush() {
    guard failure == nil else { return }
    switch policy {
    case .rotatingFiles: if !buffer.isEmpty { writeBuffer() }
    case .lastSteps: if windowChanged { writeWindow(replacing: true) }
    }
  }

  /// Closes the open file.
  func close() {
    try? handle?.close()
    handle = nil
  }

  private func add(_ step: LoopStep<State, Event>, index: Int, time: Duration, droppedSoFar: Int) {
    switch policy {
    case .lastSteps:
      window?.append((step, index, time))
      windowChanged = true
    case .rotatingFiles(let stepsPerFile, _):
      guard failure == nil else { return }
      if stepsInFile == stepsPerFile {
        if !buffer.isEmpty { writeBuffer() }
        openNextFile(droppedSoFar: droppedSoFar)
        guard failure == nil else { return }
      }
      guard let line = try? Trace.line(mapper.step(step, index: index, timeNanoseconds: Self.nanoseconds(time)))
      else { return }
      buffer.append(line)
      bufferedSteps += 1
      stepsInFile += 1
      if buffer.count >= Self.bufferLimit { writeBuffer() }
    }
  }

  private func writeBuffer() {
    guard let handle, let path = files.last?.path else { return }
    do {
      try handle.write(contentsOf: buffer)
      writtenSteps += bufferedSteps
    } catch {
      fail(TraceWriterFiles.failure(.write, path: path, error: error))
    }
    buffer.removeAll(keepingCapacity: true)
    bufferedSteps = 0
  }

  /// Closes the current file, creates the next one with its header, and deletes the
  /// oldest files beyond `keep`.
  private func openNextFile(droppedSoFar: Int) {
    guard case .rotatingFiles(_, let keep) = policy else { return }
    close()
    guard let (url, handle) = createFile(prefix: "") else { return }
    self.handle = handle
    files.append(url)
    stepsInFile = 0
    do {
      try handle.write(contentsOf: Trace.line(header(droppedSoFar: droppedSoFar)))
    } catch {
      fail(TraceWriterFiles.failure(.write, path: url.path, error: error))
      return
    }
    while files.count > keep {
      // Only files this writer created are in `files`; a file already gone is fine.
      _ = unlink(files.removeFirst().path)
    }
  }

  /// Writes the `lastSteps` file: header and window. The first time it creates the file;
  /// later it writes a new file beside it and renames it over, so the file is always whole.
  private func writeWindow(replacing: Bool) {
    guard let window else { return }
    let steps = window.elements
    var data: Data
    do {
      data = try Trace.line(header(droppedSoFar: 0))
      for entry in steps {
        data.append(
          try Trace.line(mapper.step(entry.step, index: entry.index, timeNanoseconds: Self.nanoseconds(entry.time))))
      }
    } catch {
      return  // a TraceStep always encodes; nothing sensible to write otherwise
    }
    guard replacing, let final = files.last else {
      guard let (url, handle) = createFile(prefix: "") else { return }
      files.append(url)
      write(data, to: handle, path: url.path)
      if failure == nil { writtenSteps = steps.count; windowChanged = false }
      return
    }
    guard let (temporary, handle) = createFile(prefix: ".") else { return }
    write(data, to: handle, path: temporary.path)
    if failure == nil, rename(temporary.path, final.path) != 0 {
      fail(TraceWriterFiles.failure(.replaceFile, path: final.path, errorNumber: errno))
    }
    if failure != nil {
      _ = unlink(temporary.path)
      return
    }
    writtenSteps = steps.count
    windowChanged = false
  }

  private func write(_ data: Data, to handle: FileHandle, path: String) {
    do {
      try handle.write(contentsOf: data)
      try handle.close()
    } catch {
      try? handle.close()
      fail(TraceWriterFiles.failure(.write, path: path, error: error))
    }
  }

  /// Creates the next free file name (`prefix` `.` for a temporary file), never replacing
  /// an existing file: a taken name moves on to the next sequence number.
  private func createFile(prefix: String) -> (URL, FileHandle)? {
    var url = options.directory
    for _ in 0..<1_000 {
      sequence += 1
      let name = TraceWriterFiles.fileName(
        system: systemName, date: options.now(), processID: processID, sequence: sequence)
      url = options.directory.appendingPathComponent(prefix + name)
      let descriptor = options.createFile(url.path)
      if descriptor >= 0 {
        return (url, FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
      }
      let number = errno
      if number != EEXIST {
        fail(TraceWriterFiles.failure(.createFile, path: url.path, errorNumber: number))
        return nil
      }
    }
    fail(TraceWriterFiles.failure(.createFile, path: url.path, errorNumber: EEXIST))
    return nil
  }

  private func header(droppedSoFar: Int) -> TraceHeader {
    var header = baseHeader
    if droppedSoFar > 0 {
      header.outcome.message =
        "\(droppedSoFar) earlier steps were dropped: the loop outran the trace writer (step indices skip them)"
    }
    return header
  }

  private func fail(_ failure: TraceWriterFailure) {
    guard self.failure == nil else { return }
    self.failure = failure
    close()
    buffer = Data()
    bufferedSteps = 0
    window?.removeAll()
  }

  static func nanoseconds(_ duration: Duration) -> Int64 {
    duration.clampedNanoseconds
  }
}
