public import FeedbackGraph
import FeedbackLoop
import FeedbackLoopTracing
public import Foundation

extension LoopRecorder {
  /// The recording as a `Trace`: a header naming the system, its graph's
  /// fingerprint, the test and its outcome so far, then one `TraceStep` per
  /// step — values described with `String(describing:)`, named as the system's graph names
  /// them, and encoded when `State` or `Event` is `Codable`.
  public var trace: Trace {
    let mapper = TraceStepMapper(system: system)
    let (steps, failure) = book.withLock { book in
      (
        book.steps.indices.map { index in
          mapper.step(
            book.steps.loopStep(at: index), index: index,
            timeNanoseconds: Self.nanoseconds(book.steps.time(at: index)))
        },
        book.firstFailure
      )
    }
    let outcome = failure.map { TraceOutcome.failed(at: $0.step, message: $0.message) } ?? .passed
    return Trace(header: mapper.header(test: testName, outcome: outcome, graph: graph), steps: steps)
  }

  static func nanoseconds(_ duration: Duration) -> Int64 {
    duration.clampedNanoseconds
  }

  /// Writes ``trace`` as JSON Lines into `directory` (created if needed) and returns the
  /// file's URL: `<directory>/<System>-<test file>-<test>.jsonl`, made of letters, digits,
  /// `-` and `_` only (see ``traceFileName``).
  @discardableResult
  public func writeTrace(to directory: URL) throws -> URL {
    let file = directory.appendingPathComponent(traceFileName)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try trace.jsonLines().write(to: file, options: .atomic)
    return file
  }

  /// The name of this recording's trace file: `TrafficLight-TrafficLightTests-lightCycles.jsonl`
  /// (system, the test's file, the test), with every other character replaced by `_`.
  ///
  /// In the default folder of failure traces (`.build/feedbackloop/traces/`) the name also
  /// tells the run apart, so that no run replaces an earlier one's trace:
  /// `TrafficLight-TrafficLightTests-lightCycles-20261127-105230-4242.jsonl` (when the test
  /// process started, UTC, and its process id).
  public var traceFileName: String {
    Self.traceBaseName(system: system.name, fileID: traceFileID, test: testName, onlyFailures: tracesOnlyFailures)
      + (traceSuffix.map { "-\($0)" } ?? "") + ".jsonl"
  }

  /// `TrafficLight-TrafficLightTests-lightCycles`: the file name without its suffix (and, in
  /// the default folder of failure traces, with the run's stamp).
  @usableFromInline
  static func traceBaseName(system: String, fileID: String, test: String, onlyFailures: Bool = false) -> String {
    let file = "\(fileID)".split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? ""
    return SafeFileName.make("\(system)-\(file)-\(test)", fallback: "trace")
      + (onlyFailures ? "-\(FailureTraces.runStamp)" : "")
  }

  /// Where the trace will be written, when tracing is on.
  var traceURL: URL? {
    traceDirectory?.appendingPathComponent(traceFileName)
  }

  func writeTraceIfAsked(at site: CallSite) {
    guard let traceDirectory else { return }
    do {
      if tracesOnlyFailures {
        guard book.withLock({ $0.firstFailure != nil }) else { return }
        try FailureTraces.write(trace.jsonLines(), to: traceDirectory.appendingPathComponent(traceFileName))
      } else {
        try writeTrace(to: traceDirectory)
      }
    } catch {
      FailureReport(
        heading:
          "The trace of \(testName) could not be written to \(traceDirectory.path): \(error.localizedDescription)",
        diff: nil,
        timeline: "",
        fix: "point FEEDBACKLOOP_TRACE_DIR (or traceDirectory:) at a writable directory."
      ).report(at: site)  // not through the recorder: it would name the file that failed
    }
  }
}

extension FailureReport {
  /// Reports the failure at `site`, remembers it as the recording's outcome, and names the
  /// trace file (and the command that draws it) when the recorder writes one.
  func report<State, Event>(at site: CallSite, for recorder: LoopRecorder<State, Event>) {
    var report = self
    if let url = recorder.traceURL {
      let root = recorder.packageRoot
      report.trace =
        "Trace: \(url.path)\(recorder.tracesOnlyFailures ? " (written when the test ends)" : "")\n"
        + DrawCommand.drawIt(url.path, root: root) + "\n"
        + DrawCommand.stepThroughIt(
          system: recorder.system.name, test: recorder.testName, step: step,
          directory: root?.path ?? FileManager.default.currentDirectoryPath)
    } else if recorder.tracesLackPackage {
      report.trace =
        "No trace written: no Package.swift above \(recorder.origin.filePath); set FEEDBACKLOOP_TRACE_DIR to a folder to keep the trace of a failing test."
    }
    let message = report.message
    recorder.book.withLock { book in
      if book.firstFailure == nil { book.firstFailure = (step, message) }
    }
    report.report(at: site)
  }

  /// `path` as one shell word: as is when it holds only `A-Z a-z 0-9 / . _ -`, otherwise in
  /// single quotes (a `'` written `'\''`), so that the command in a message can be pasted.
  static func shellQuoted(_ path: String) -> String {
    let plain = path.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-".contains($0)) }
    return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
