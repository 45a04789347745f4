import FeedbackCoverage
package import FeedbackDiagram
package import FeedbackGraph
package import Foundation

/// What `diagram trace FILE` computes, in memory: the trace, the graph to draw it on, and
/// the two figures' files, `<System>.<test>.trace-path.<ext>` and
/// `<System>.<test>.trace-timeline.<ext>`.
///
/// The graph is the one the trace carries (what it was recorded against), else the
/// registered system of its name.
package struct TraceRun {
  /// The recorded run.
  package var trace: Trace
  /// The machine it is drawn on.
  package var graph: SystemGraph
  /// Colours and fonts.
  package var theme: Theme
  /// Notes for standard error (a trace recorded against other declarations).
  package var warnings: [String] = []
  /// How many steps the file holds: more than ``trace`` keeps when the file is longer than
  /// ``maximumSteps`` (``budgetNotes`` says which were kept).
  package var totalSteps: Int
  /// The trace file's path, as given.
  package var path: String

  /// Reads the trace at `path`.
  ///
  /// - Throws: ``DiagramCLIError/traces(_:)`` naming `file:line` for a malformed line; the
  ///   file and the system when no graph is known (an unregistered system, or a registered
  ///   one recorded against other declarations, and no graph in the trace).
  package init(path: String, registered: [SystemGraph], theme: Theme = .light) throws {
    guard FileManager.default.fileExists(atPath: path) else {
      throw DiagramCLIError.traces("no such trace file: \(path)")
    }
    if let kind = nonRegularFileKind(atPath: path) {
      throw DiagramCLIError.traces("\(path) is \(kind), not a trace file")
    }
    self.path = path
    let trace: Trace
    do {
      (trace, totalSteps) = try Self.read(path)
    } catch var error as GraphDecodingError {
      let absolute = URL(fileURLWithPath: path).path
      if error.source.hasPrefix(absolute) { error.source = path + error.source.dropFirst(absolute.count) }
      throw DiagramCLIError.traces("\(error)")
    } catch {
      throw DiagramCLIError.traces("cannot read trace file \(path)")
    }
    self.trace = trace
    let current = registered.first { $0.name == trace.header.system }
    if let carried = trace.header.graph {
      graph = carried
      if let current, current.fingerprint != trace.header.fingerprint {
        warnings.append(
          "note: \(path) was recorded against fingerprint \(trace.header.fingerprint), \(current.name) is now \(current.fingerprint); drawn on the graph it was recorded against"
        )
      }
    } else if let current {
      guard current.fingerprint == trace.header.fingerprint else {
        throw DiagramCLIError.traces(
          CoverageError.staleWithoutGraph(
            system: current.name, file: path, recorded: trace.header.fingerprint, current: current.fingerprint
          ).description)
      }
      graph = current
    } else {
      throw DiagramCLIError.traces(CoverageError.noGraph(system: trace.header.system, file: path).description)
    }
    self.theme = theme
  }

  /// The system's stem in an output folder whose manifest records `recorded` (system name
  /// to stem): the recorded one, else the one a render would give it
  /// (``OutputNames/stems(for:recorded:)``), so that the trace's figures sit beside the
  /// system's own and the report page finds them.
  package func systemStem(recorded: [String: String] = [:]) -> String {
    recorded[graph.name] ?? OutputNames.stems(for: [graph.name], recorded: recorded)[0]
  }

  /// `TrafficLight.emergencyWhileYellow`: the system's stem (``systemStem(recorded:)``),
  /// then the test's name in safe characters.
  package func stem(recorded: [String: String] = [:]) -> String {
    let test = trace.header.test.map { SafeFileName.make($0, fallback: "trace") } ?? "trace"
    return "\(systemStem(recorded: recorded)).\(test)"
  }

  /// Both figures in every format, path first, named by ``stem(recorded:)``.
  package func files(formats: [OutputFormat], recorded: [String: String] = [:]) throws -> [(name: String, data: Data)] {
    let stem = stem(recorded: recorded)
    let path = TracePathFigure(graph: graph, trace: trace, theme: theme).dot
    let timeline = TraceTimelineFigure(graph: graph, trace: trace, theme: theme).dot
    var files: [(name: String, data: Data)] = []
    for format in formats {
      files.append(("\(stem).trace-path.\(format.rawValue)", try Diagram.render(dot: path, as: format)))
    }
    for format in formats {
      files.append(
        (
          "\(stem).trace-timeline.\(format.rawValue)",
          try Diagram.render(dot: timeline, engine: TraceTimelineFigure.engine, as: format)
        ))
    }
    return files
  }
}
