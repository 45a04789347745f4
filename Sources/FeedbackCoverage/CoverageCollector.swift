public import FeedbackGraph
import Foundation

/// Measures the coverage of trace files, grouped by system, streaming every file so that
/// memory stays flat whatever their number and size.
///
/// The graph a system's traces are measured against is the *registered* graph of that name
/// when there is one (the system as declared now), else the graph carried in the traces'
/// headers: the fingerprint most of them share (on a tie, the one of the first trace in
/// sorted path order). A trace recorded against another fingerprint of a registered system is
/// mapped onto the transitions that did not change, by content; the
/// steps of changed ones are left out and named (``Report/remapped``). Other traces of
/// another fingerprint (no graph in their header, or an unregistered system) are skipped
/// and named.
///
/// A registered system no trace was measured for (none found, or every one skipped) is
/// listed in ``Report/untraced``.
///
/// ```swift
/// let files = try TraceFiles.find([tracesFolder])
/// let report = try CoverageCollector(registered: [trafficLight.graph]).measure(files)
/// for skipped in report.skipped { print(skipped) }
/// ```
public struct CoverageCollector: Sendable {
  /// The systems as declared now, by name.
  public var registered: [SystemGraph]
  /// Whose traces are measured (`TraceHeader.recordedBy`); the others are left out and
  /// listed in ``Report/leftOut``.
  public var counting: Set<TraceOrigin>

  /// A collector measuring against `registered` the traces written by `counting` (every
  /// origin by default; `diagram coverage` counts tests only, unless asked).
  public init(registered: [SystemGraph], counting: Set<TraceOrigin> = Set(TraceOrigin.allCases)) {
    self.registered = registered
    self.counting = counting
  }

  /// What ``measure(_:)`` found.
  public struct Report: Sendable {
    /// One coverage per system with at least one trace measured, sorted by system name.
    public var coverages: [Coverage]
    /// The traces left out because they were recorded against other declarations.
    public var skipped: [SkippedTrace]
    /// The registered systems no trace was measured for, in registration order.
    public var untraced: [SystemGraph] = []
    /// The traces left out because of who wrote them (not one of ``CoverageCollector/counting``),
    /// in the order they were given.
    public var leftOut: [LeftOutTrace] = []
    /// Traces recorded against other declarations of a registered system, measured on its
    /// unchanged transitions (matched by content), in path order.
    public var remapped: [RemappedTrace] = []
  }

  /// Reads the headers of `files`, picks each system's graph, then streams the steps of
  /// every trace that matches it.
  ///
  /// - Throws: `GraphDecodingError` naming `file:line` and the field for a malformed
  ///   line; ``CoverageError/noGraph(system:file:)`` when no trace of an unregistered
  ///   system's chosen fingerprint carries a graph.
  /// - Complexity: O(n) in the bytes read; memory O(1) in the number of steps.
  public func measure(_ files: [String]) throws -> Report {
    var bySystem: [String: [(file: String, header: TraceHeader)]] = [:]
    var leftOut: [LeftOutTrace] = []
    for file in files {
      var reader = try Self.reader(file)
      let header = try Self.renamingSource(file) { try reader.header() }
      guard counting.contains(header.recordedBy) else {
        leftOut.append(LeftOutTrace(file: file, system: header.system, origin: header.recordedBy))
        continue
      }
      bySystem[header.system, default: []].append((file, header))
    }
    var report = Report(coverages: [], skipped: [], leftOut: leftOut)
    for system in bySystem.keys.sorted() {
      let traces = bySystem[system] ?? []
      let graph: SystemGraph
      var included: [String] = []
      var remaps: [(file: String, remap: TransitionRemap)] = []
      if let current = registered.first(where: { $0.name == system }) {
        graph = current
        for trace in traces {
          if trace.header.fingerprint == current.fingerprint {
            included.append(trace.file)
          } else if let recorded = trace.header.graph, recorded.resembles(current) {
            // Other declarations of the same system: measured on its unchanged transitions.
            remaps.append((trace.file, TransitionRemap(from: recorded, to: current)))
          } else {
            // No graph to map from, or another system that shares the name.
            var skipped = SkippedTrace(
              file: trace.file, system: system, recorded: trace.header.fingerprint, current: current.fingerprint)
            skipped.isAnotherSystem = trace.header.graph.map { !$0.resembles(current) } ?? false
            report.skipped.append(skipped)
          }
        }
      } else {
        // Not registered: measure against the fingerprint most traces share, skip the others.
        let sorted = traces.sorted { $0.file < $1.file }
        let counts = Dictionary(grouping: sorted, by: \.header.fingerprint).mapValues(\.count)
        var chosen = sorted[0].header.fingerprint
        for trace in sorted where counts[trace.header.fingerprint, default: 0] > counts[chosen, default: 0] {
          chosen = trace.header.fingerprint
        }
        let agreeing = sorted.filter { $0.header.fingerprint == chosen }
        guard let carried = agreeing.lazy.compactMap(\.header.graph).first else {
          throw CoverageError.noGraph(system: system, file: agreeing[0].file)
        }
        graph = carried
        let share = CoverageFraction(covered: agreeing.count, total: traces.count)
        for trace in traces {
          if trace.header.fingerprint == chosen {
            included.append(trace.file)
          } else {
            report.skipped.append(
              SkippedTrace(
                file: trace.file, system: system, recorded: trace.header.fingerprint, current: chosen,
                unregisteredShare: share))
          }
        }
      }
      guard !included.isEmpty || !remaps.isEmpty else { continue }
      var coverage = Coverage(graph: graph)
      for file in included { try Self.add(file, to: &coverage) }
      for (file, remap) in remaps {
        report.remapped.append(try Self.renamingSource(file) { try Self.add(file, to: &coverage, remap: remap) })
      }
      report.coverages.append(coverage)
    }
    let measured = Set(report.coverages.map(\.graph.name))
    report.untraced = registered.filter { !measured.contains($0.name) }
    return report
  }

  /// Streams the steps of the trace at `file` into `coverage`, as one more trace.
  ///
  /// - Throws: `GraphDecodingError` naming `file:line` for a malformed line.
  package static func add(_ file: String, to coverage: inout Coverage) throws {
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
  static func renamingSource<T>(_ file: String, _ body: () throws -> T) throws -> T {
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
/// the system's current ones (for an unregistered system: than most of its traces).
public struct SkippedTrace: Hashable, Sendable, CustomStringConvertible {
  /// The trace file, as given.
  public var file: String
  /// The system's name.
  public var system: String
  /// The fingerprint the trace was recorded against.
  public var recorded: String
  /// The system's fingerprint now: the registered graph's, or, for a system nobody
  /// registered, the one most of its traces were recorded against.
  public var current: String
  /// For a system nobody registered: how many of its traces were recorded against
  /// ``current``, of how many. `nil` for a registered system.
  public var unregisteredShare: CoverageFraction?
  /// Whether the trace's graph shares less than half of its states and events with the
  /// registered system of that name: a different system that has the same name (a user's
  /// own `Counter`, say), not a stale recording of the registered one.
  public var isAnotherSystem = false

  /// A skipped trace.
  package init(
    file: String, system: String, recorded: String, current: String, unregisteredShare: CoverageFraction? = nil
  ) {
    self.file = file
    self.system = system
    self.recorded = recorded
    self.current = current
    self.unregisteredShare = unregisteredShare
  }

  /// `skipped Traces/a.jsonl: recorded against fingerprint A, TrafficLight is now B — re-run its test`;
  /// for a different system of the same name
  /// `skipped Traces/a.jsonl: a different system named Counter than the registered one (…): rename one of them, …`;
  /// or for an unregistered system
  /// `skipped Traces/a.jsonl: recorded against fingerprint A, but 2/3 traces of Door (not a registered system) were recorded against B — measured against those; re-run its test`.
  public var description: String { messageLine(text) }

  /// Why the trace was skipped, as its line (``description``) says it, to follow `skipped as`
  /// where skipped traces are counted: `out of date (recorded against another fingerprint):
  /// re-run its test`, `a different system named Counter than the registered one: rename one
  /// of them, …`, or `recorded against another fingerprint than most traces of Door`.
  public var reason: String {
    if isAnotherSystem {
      return "a different system named \(system) than the registered one: \(Self.anotherSystemAdvice)"
    }
    if unregisteredShare != nil { return "recorded against another fingerprint than most traces of \(system)" }
    return "out of date (recorded against another fingerprint): re-run its test"
  }

  private static let anotherSystemAdvice =
    "rename one of them, or draw it with the DiagramCommand that registers it"

  private var text: String {
    if isAnotherSystem {
      return
        "skipped \(file): a different system named \(system) than the registered one (they share less than half of their states and events): \(Self.anotherSystemAdvice)"
    }
    guard let share = unregisteredShare else {
      return "skipped \(file): recorded against fingerprint \(recorded), \(system) is now \(current) — re-run its test"
    }
    return
      "skipped \(file): recorded against fingerprint \(recorded), but \(share) traces of \(system) (not a registered system) were recorded against \(current) — measured against those; re-run its test"
  }
}

extension SystemGraph {
  /// Whether this graph (a trace's) shares at least half of its state and event names with
  /// `other` (the registered system of the same name): then it is taken for an older
  /// declaration of that system, otherwise for a different system that has the same name.
  func resembles(_ other: SystemGraph) -> Bool {
    let names = Set(states.map { "state \($0.id)" } + events.map { "event \($0.id)" })
    guard !names.isEmpty else { return true }
    let theirs = Set(other.states.map { "state \($0.id)" } + other.events.map { "event \($0.id)" })
    return names.intersection(theirs).count * 2 >= names.count
  }
}
