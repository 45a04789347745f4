import FeedbackLoop
public import Foundation

/// What a ``TraceWriter`` keeps: the last steps in memory, or a stream of rotating files.
///
/// ```swift
/// let crashDump = try TraceWriter(recording: system, scheduler: scheduler, to: directory, policy: .lastSteps(10_000))
/// let stream = try TraceWriter(
///   recording: system, scheduler: scheduler, to: directory, policy: .rotatingFiles(stepsPerFile: 100_000, keep: 5))
/// ```
public enum TraceWriterPolicy: Hashable, Sendable {
  /// Keeps only the last `count` steps, in memory, and writes them as one trace file (a
  /// header, then those steps) on ``TraceWriter/flush()``, ``TraceWriter/close()`` and when
  /// the writer is released. The file is replaced atomically, so it is always a whole trace:
  /// an app can flush it when it reports a crash or a bug.
  case lastSteps(Int)
  /// Streams every step to files of `stepsPerFile` steps each, every file beginning with
  /// its own header (each is a valid trace on its own; step indices keep counting across
  /// files), and deletes the oldest files the writer created beyond the newest `keep`.
  case rotatingFiles(stepsPerFile: Int, keep: Int)

  /// Why the policy cannot work, or `nil` if it can.
  var problem: String? {
    switch self {
    case .lastSteps(let count) where count < 1:
      "lastSteps(\(count)) keeps no step: the count must be at least 1"
    case .rotatingFiles(let stepsPerFile, _) where stepsPerFile < 1:
      "rotatingFiles(stepsPerFile: \(stepsPerFile)): a file must hold at least 1 step"
    case .rotatingFiles(_, let keep) where keep < 1:
      "rotatingFiles(keep: \(keep)): at least the file being written must be kept (keep >= 1)"
    default:
      nil
    }
  }
}

/// A ``TraceWriter`` configuration that cannot work, thrown by its initializer.
///
/// ```swift
/// do {
///   _ = try TraceWriter(recording: system, scheduler: scheduler, to: directory, policy: .lastSteps(0))
/// } catch let error as TraceWriterConfigurationError {
///   print(error)  // lastSteps(0) keeps no step: the count must be at least 1
/// }
/// ```
public struct TraceWriterConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, and what would work.
  public var reason: String

  /// An error saying `reason`.
  package init(reason: String) {
    self.reason = reason
  }

  /// ``reason``.
  public var description: String { reason }
}

/// Why a ``TraceWriter`` stopped writing: the directory could not be created or is not a
/// directory, a file could not be created, written (a full disk) or replaced.
///
/// A writer reports its first failure once, through its `onError` callback, then drops
/// every later step; the loop it records keeps running.
///
/// ```swift
/// let writer = try TraceWriter(
///   recording: system, scheduler: scheduler, to: directory, policy: .lastSteps(1_000),
///   onError: { failure in logger.error("\(failure)") })
/// ```
public struct TraceWriterFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// What the writer was doing.
  public enum Operation: String, Hashable, Sendable {
    /// Creating the trace directory.
    case createDirectory = "create the directory"
    /// Creating a new trace file.
    case createFile = "create the file"
    /// Writing to a trace file.
    case write = "write to"
    /// Replacing the file of ``TraceWriterPolicy/lastSteps(_:)`` by its new version.
    case replaceFile = "replace"
  }

  /// What the writer was doing.
  public var operation: Operation
  /// The path of the directory or file concerned.
  public var path: String
  /// The operating system's error number (`errno`), when known.
  package var errorNumber: Int32?
  /// The operating system's (or Foundation's) description of the error.
  public var reason: String

  /// A failure to do `operation` on `path`.
  package init(operation: Operation, path: String, errorNumber: Int32?, reason: String) {
    self.operation = operation
    self.path = path
    self.errorNumber = errorNumber
    self.reason = reason
  }

  /// One line: `TraceWriter could not write to /var/log/Light-….jsonl: No space left on device`.
  public var description: String {
    "TraceWriter could not \(operation.rawValue) \(path): \(reason)"
  }
}

/// What a ``TraceWriter`` has done so far (see ``TraceWriter/status``).
///
/// ```swift
/// writer.flush()
/// let status = writer.status
/// print("\(status.writtenSteps) steps in \(status.files.count) files, \(status.droppedSteps) dropped")
/// ```
public struct TraceWriterStatus: Hashable, Sendable {
  /// Steps handed to ``TraceWriter/record(_:)``, counting a synchronous effect as its three
  /// steps (started, emitted, finished).
  public var recordedSteps: Int
  /// Steps written: for ``TraceWriterPolicy/rotatingFiles(stepsPerFile:keep:)`` every step
  /// written to a file (including files deleted since); for
  /// ``TraceWriterPolicy/lastSteps(_:)`` the steps in the file written last.
  public var writtenSteps: Int
  /// Steps recorded but never written: the loop outran the writer and its buffer of
  /// pending steps was full (the oldest pending steps go first), or the writer had failed
  /// or was closed. The step indices in the files skip them.
  /// ``TraceWriterPolicy/lastSteps(_:)`` never drops one of its last steps.
  public var droppedSteps: Int
  /// The files the writer created and has not deleted, oldest first.
  public var files: [URL]
  /// The failure that stopped the writer, if any.
  public var failure: TraceWriterFailure?
  /// Whether ``TraceWriter/close()`` was called (or the writer was released).
  public var isClosed: Bool

  /// A status.
  package init(
    recordedSteps: Int = 0, writtenSteps: Int = 0, droppedSteps: Int = 0, files: [URL] = [],
    failure: TraceWriterFailure? = nil, isClosed: Bool = false
  ) {
    self.recordedSteps = recordedSteps
    self.writtenSteps = writtenSteps
    self.droppedSteps = droppedSteps
    self.files = files
    self.failure = failure
    self.isClosed = isClosed
  }
}
