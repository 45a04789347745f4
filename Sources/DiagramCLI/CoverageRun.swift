package import FeedbackCoverage
package import FeedbackDiagram
package import FeedbackGraph
package import Foundation

/// What `diagram coverage` computes, in memory: the coverage of every system found in the
/// trace files, the figures to write, the table to print, and the verdict of the
/// `--min-…` options.
///
/// ```swift
/// let run = try CoverageRun(paths: ["Traces"], registered: Diagrams.systems)
/// run.warnings.forEach { print($0) }   // traces recorded against other declarations
/// print(run.table())
/// try run.requireMinimum(transitions: 1.0, states: nil)
/// ```
package struct CoverageRun {
  /// One coverage per system with at least one trace measured, sorted by name.
  package var coverages: [Coverage]
  /// Traces left out because they were recorded against other declarations.
  package var skipped: [SkippedTrace]
  /// Traces left out because no test wrote them (and they were not asked for): the
  /// provenance rule.
  package var leftOut: [LeftOutTrace]
  /// Traces recorded against other declarations, measured on the unchanged transitions.
  package var remapped: [RemappedTrace] = []
  /// The registered systems no trace was measured for: listed in the table and the JSON
  /// with 0 traces, no figure drawn, and failing any `--min-…` option ("Counter: no traces").
  package var untraced: [SystemGraph]
  /// Colours and fonts of the figures.
  package var theme: Theme

  /// Streams the trace files at `paths` (files, or folders searched recursively for
  /// `*.jsonl`) and measures those that `counting` wrote (tests by default: the provenance
  /// rule) against the `registered` systems.
  ///
  /// - Throws: ``DiagramCLIError/traces(_:)`` with one line naming the file (and line)
  ///   at fault.
  package init(
    paths: [String], registered: [SystemGraph], counting: Set<TraceOrigin> = [.test], theme: Theme = .light
  ) throws {
    do {
      let files = try TraceFiles.find(paths)
      let report = try CoverageCollector(registered: registered, counting: counting).measure(files)
      self.coverages = report.coverages
      self.skipped = report.skipped
      self.remapped = report.remapped
      self.untraced = report.untraced
      self.leftOut = report.leftOut
    } catch let error as CoverageError {
      throw DiagramCLIError.traces(error.description)
    } catch let error as GraphDecodingError {
      throw DiagramCLIError.traces(error.description)
    }
    self.theme = theme
  }

  /// Lines for standard error: one per skipped trace, one per remapped trace, then one per
  /// trace left out for who wrote it, saying how to count it.
  package var warnings: [String] {
    skipped.map(\.description) + remapped.map(\.description)
      + leftOut.map { "\($0) (--include \($0.origin.rawValue) counts it)" }
  }

  /// `<stem>.coverage.<ext>` for each system and format, in a stable order. The stems are
  /// ``OutputNames/stems(for:recorded:)`` of the systems' names: distinct, and the one
  /// `recorded` in the output folder's manifest for a system drawn there already.
  package func files(formats: [OutputFormat], recorded: [String: String] = [:]) throws -> [(name: String, data: Data)] {
    var files: [(name: String, data: Data)] = []
    let stems = OutputNames.stems(for: coverages.map(\.graph.name), recorded: recorded)
    for (coverage, stem) in zip(coverages, stems) {
      let dot = CoverageFigure(coverage: coverage, theme: theme).dot
      for format in formats {
        files.append(("\(stem).coverage.\(format.rawValue)", try Diagram.render(dot: dot, as: format)))
      }
    }
    return files
  }

  /// Every system's coverage, sorted by name: the measured ones and, empty, the untraced.
  package var allCoverages: [Coverage] {
    (coverages + untraced.map { Coverage(graph: $0) }).sorted { $0.graph.name < $1.graph.name }
  }

  /// The table `diagram coverage` prints: system, transitions `k/n (p%)`, states
  /// `k/n (p%)`, traces, steps. A plain-reducer system shows `n observed` edges instead.
  /// An untraced registered system is a row of 0 traces.
  package func table() -> String {
    var rows = [["system", "transitions", "states", "traces", "steps"]]
    for coverage in allCoverages {
      let transitions = coverage.transitionFraction, states = coverage.stateFraction
      rows.append([
        coverage.graph.name,
        coverage.graph.declaresTransitions
          ? "\(transitions) (\(transitions.percent)%)" : "\(coverage.observed.count) observed",
        "\(states) (\(states.percent)%)", "\(coverage.traces)", "\(coverage.steps)",
      ])
    }
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        return column == 0 ? cell + pad : pad + cell
      }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }.joined(separator: "\n") + "\n"
  }

  /// ``allCoverages`` as a JSON array (sorted keys, pretty-printed), as `--json` prints it.
  package func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(allCoverages), as: UTF8.self) + "\n"
  }

  /// Throws when a system's coverage is below a minimum (fractions from 0 to 1), listing
  /// every uncovered transition as `from —event→ to` and every state never entered. With
  /// either minimum given, a registered system without traces fails too (`Counter: no
  /// traces`).
  ///
  /// - Throws: ``DiagramCLIError/belowMinimum(_:)``.
  package func requireMinimum(transitions: Double?, states: Double?) throws {
    var heading: [String] = []
    var details: [String] = []
    let untracedNames = Set(untraced.map(\.name))
    for coverage in allCoverages {
      let name = coverage.graph.name
      if untracedNames.contains(name) {
        if transitions != nil || states != nil {
          heading.append("\(name): no traces")
          let stale = skipped.filter { $0.system == name }.count
          let others = leftOut.filter { $0.system == name }.count
          details.append(
            "  \(name): no traces"
              + (stale > 0
                ? " (\(stale) trace\(stale == 1 ? "" : "s") skipped as out of date)"
                : others > 0
                  ? " of tests (\(others) trace\(others == 1 ? "" : "s") not written by a test left out)"
                  : " found; record its tests with FEEDBACKLOOP_TRACE_DIR set"))
        }
        continue
      }
      if let minimum = transitions, coverage.transitionFraction.value < minimum {
        heading.append(
          "\(name) transitions \(coverage.transitionFraction) (\(coverage.transitionFraction.percent)%) < \(Self.percent(minimum))"
        )
        details += coverage.uncovered.map { "  \(name): never exercised: \($0.summary)" }
      }
      if let minimum = states, coverage.stateFraction.value < minimum {
        heading.append(
          "\(name) states \(coverage.stateFraction) (\(coverage.stateFraction.percent)%) < \(Self.percent(minimum))")
        details += coverage.unvisitedStates.map { "  \(name): never entered: \($0.id)" }
      }
    }
    guard heading.isEmpty else {
      throw DiagramCLIError.belowMinimum(["coverage below the minimum: " + heading.joined(separator: "; ")] + details)
    }
  }

  private static func percent(_ fraction: Double) -> String {
    let value = fraction * 100
    return value == value.rounded() ? "\(Int(value))%" : "\(value)%"
  }
}
