import Foundation

/// Measures the coverage of trace files, grouped by system, streaming every file so that
/// memory stays flat whatever their number and size.
///
/// The graph a system's traces are measured against is the *registered* graph of that name
/// when there is one (the system as declared now), else the graph carried in the traces'
/// headers. A trace recorded against another fingerprint than the registered graph's is
/// skipped, never mapped onto edges: its transition ids may name other transitions.
///
/// ```swift
/// let files = try TraceFiles.find(["Traces"])
/// let report = try CoverageCollector(registered: [TrafficLight.system.graph]).measure(files)
/// for skipped in report.skipped { print(skipped) }
/// ```
public struct CoverageCollector: Sendable {
  /// The systems as declared now, by name.
  public var registered: [SystemGraph]

  /// A collector measuring against `registered`.
  public init(registered: [SystemGraph]) {
    self.registered = registered
  }

  /// What ``measure(_:)`` found.
  public struct Report: Sendable {
    /// One coverage per system, sorted by system name.
    public var coverages: [Coverage]
    /// The traces left out because they were recorded against other declarations.
    public var skipped: [SkippedTrace]
  }

  /// Reads the headers of `files`, picks each system's graph, then streams the steps of
  /// every trace that matches it.
  ///
  /// - Throws: ``GraphDecodingError`` naming `file:line` and the field for a malformed
  ///   line; ``CoverageError/conflictingTraces(system:_:)`` when traces of an unregistered
  ///   system disagree on its fingerprint; ``CoverageError/noGraph(system:file:)``.
  /// - Complexity: O(n) in the bytes read; memory O(1) in the number of steps.
  public func measure(_ files: [String]) throws -> Report {
    var bySystem: [String: [(file: String, header: TraceHeader)]] = [:]
    for file in files {
      var reader = try Self.reader(file)
      let header = try Self.renamingSource(file) { try reader.header() }
      bySystem[header.system, default: []].append((file, header))
    }
    var report = Report(coverages: [], skipped: [])
    for system in bySystem.keys.sorted() {
      let traces = bySystem[system] ?? []
      let graph: SystemGraph
      var included: [String] = []
      if let current = registered.first(where: { $0.name == system }) {
        graph = current
        for trace in traces {
          if trace.header.fingerprint == current.fingerprint {
            included.append(trace.file)
          } else {
            report.skipped.append(
              SkippedTrace(file: trace.file, system: system, recorded: trace.header.fingerprint, current: current.fingerprint))
          }
        }
      } else {
        let fingerprints = Dictionary(grouping: traces, by: \.header.fingerprint)
        guard fingerprints.count == 1, let first = traces.first else {
          throw CoverageError.conflictingTraces(system: system, fingerprints.mapValues { $0.map(\.file) })
        }
        guard let carried = first.header.graph else { throw CoverageError.noGraph(system: system, file: first.file) }
        graph = carried
        included = traces.map(\.file)
      }
      var coverage = Coverage(graph: graph)
      for file in included { try Self.add(file, to: &coverage) }
      report.coverages.append(coverage)
    }
    return report
  }

  /// Streams the steps of the trace at `file` into `coverage`, as one more trace.
  ///
  /// - Throws: ``GraphDecodingError`` naming `file:line` for a malformed line.
  public static func add(_ file: String, to coverage: inout Coverage) throws {
    var reader = try reader(file)
    try renamingSource(file) {
      _ = try reader.header()
      coverage.beginTrace()
      while let step = try reader.next() { coverage.add(step) }
    }
  }

  private static func reader(_ file: String) throws -> TraceReader {
    try renamingSource(file) { try TraceReader(contentsOf: URL(fileURLWithPath: file)) }
  }

  /// Runs `body`, rewriting the absolute path in its decoding errors back to `file` as
  /// given, so that messages read `Traces/a.jsonl:3: …`.
  private static func renamingSource<T>(_ file: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch var error as GraphDecodingError {
      let absolute = URL(fileURLWithPath: file).path
      if error.source.hasPrefix(absolute) { error.source = file + error.source.dropFirst(absolute.count) }
      throw error
    }
  }
}

/// A trace left out of coverage because it was recorded against other declarations than
/// the system's current ones.
public struct SkippedTrace: Hashable, Sendable, CustomStringConvertible {
  /// The trace file, as given.
  public var file: String
  /// The system's name.
  public var system: String
  /// The fingerprint the trace was recorded against.
  public var recorded: String
  /// The system's fingerprint now.
  public var current: String

  /// `skipped Traces/a.jsonl: recorded against fingerprint A, TrafficLight is now B — re-run its test`.
  public var description: String {
    "skipped \(file): recorded against fingerprint \(recorded), \(system) is now \(current) — re-run its test"
  }
}
