import FeedbackCoverage
import FeedbackDiagram
import FeedbackGraph
import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What every output must be, whatever the input: the promises of issues #19 (item 8) and
/// #26, checked on each fuzzed input. A broken one stops the run with the evidence.
enum Oracle {
  static func require(_ condition: Bool, _ what: @autoclosure () -> String) {
    if !condition { fatalError("broken promise: \(what())") }
  }

  /// An error message is one line, with nothing a terminal acts on.
  static func message(_ error: any Error) {
    let text = "\(error)"
    require(
      !text.unicodeScalars.contains { scalar in
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: scalar.properties.isNoncharacterCodePoint
        }
      }, "message quotes input raw: \(text.debugDescription)")
  }

  /// SVG is well-formed XML.
  static func svg(_ data: Data, _ figure: String) {
    let parser = XMLParser(data: data)
    require(parser.parse(), "\(figure) SVG is not well-formed XML: \(String(describing: parser.parserError))")
  }

  /// Mermaid text: front matter of three lines whose title is one YAML double-quoted scalar
  /// without a bare backslash escape.
  static func mermaid(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    require(lines.count > 3 && lines[0] == "---" && lines[2] == "---", "Mermaid front matter: \(lines.prefix(3))")
    var scalars = Array(lines[1].unicodeScalars).dropFirst(8).dropLast()[...]
    while let scalar = scalars.popFirst() {
      require(scalar.value >= 0x20 && scalar != "\"", "raw U+\(String(scalar.value, radix: 16)) in the Mermaid title")
      if scalar == "\\" {
        let next = scalars.popFirst()
        require(next == "\\" || next == "\"" || next == "U", "bare backslash escape in the Mermaid title")
        if next == "U" { scalars = scalars.dropFirst(8) }
      }
    }
  }

  /// Every figure of `graph` (and of `trace` on it) as DOT, SVG and Mermaid.
  static func drawEverything(_ graph: SystemGraph, trace: Trace? = nil, theme: Theme = .light) {
    do {
      try graph.checkCoherence()
    } catch {
      message(error)
      return
    }
    for figure in Figure.allCases {
      do {
        svg(try Diagram.render(graph, figure: figure, as: .svg, theme: theme), figure.rawValue)
      } catch {
        message(error)
      }
    }
    mermaid(MermaidWriter.text(for: graph))
    let run = trace ?? Trace(header: TraceHeader(graph: graph))
    var coverage = Coverage(graph: graph)
    coverage.beginTrace()
    for step in run.steps { coverage.add(step) }
    let figures = [
      ("coverage", CoverageFigure(coverage: coverage, theme: theme).dot, "dot"),
      ("trace path", TracePathFigure(graph: graph, trace: run, theme: theme).dot, "dot"),
      ("timeline", TraceTimelineFigure(graph: graph, trace: run, theme: theme).dot, TraceTimelineFigure.engine),
    ]
    for (name, dot, engine) in figures {
      do {
        svg(try Diagram.render(dot: dot, engine: engine, as: .svg), name)
      } catch {
        message(error)
      }
    }
  }
}
