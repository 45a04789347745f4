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

  /// SVG is well-formed XML; returns its text nodes and `title` attributes (tooltips).
  @discardableResult
  static func svg(_ data: Data, _ figure: String) -> [String] {
    let reader = SVGTextReader()
    let parser = XMLParser(data: data)
    parser.delegate = reader
    require(parser.parse(), "\(figure) SVG is not well-formed XML: \(String(describing: parser.parserError))")
    return reader.strings
  }

  /// `name` is drawn: some text node or tooltip of the SVG holds its scalars. Only for names
  /// a figure shows as they are (printable, no line break, single inner spaces, at most
  /// 1,000 scalars: longer lines are wrapped).
  static func shows(_ strings: [String], _ name: String, _ figure: String) {
    guard isDrawnVerbatim(name) else { return }
    let scalars = Array(name.unicodeScalars)
    let found = strings.contains { text in
      let candidate = Array(text.unicodeScalars)
      guard candidate.count >= scalars.count else { return false }
      return (0...(candidate.count - scalars.count)).contains {
        candidate[$0..<($0 + scalars.count)].elementsEqual(scalars)
      }
    }
    require(found, "\(figure) SVG does not show the name \(name.debugDescription): \(strings.prefix(8))")
  }

  /// Whether a figure draws `name` exactly as it is (see ``shows(_:_:_:)``).
  static func isDrawnVerbatim(_ name: String) -> Bool {
    guard !name.isEmpty, name.unicodeScalars.count <= 1_000, !name.contains("  "),
      name.first != " ", name.last != " "
    else { return false }
    return !name.unicodeScalars.contains { scalar in
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: true
      case .spaceSeparator: scalar != " "
      default: scalar.properties.isNoncharacterCodePoint || scalar.properties.isDefaultIgnorableCodePoint
      }
    }
  }

  /// The `dot` program reads the DOT text back (Graphviz's own parser, outside this process).
  static func dotReads(_ dot: String, _ figure: String) {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(getpid()).dot")
    defer { try? FileManager.default.removeItem(at: file) }
    do {
      try Data(dot.utf8).write(to: file)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/dot")
      process.arguments = ["-Tcanon", "-o", "/dev/null", file.path]
      let errors = Pipe()
      process.standardError = errors
      try process.run()
      let said = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      require(
        process.terminationStatus == 0 && !String(decoding: said, as: UTF8.self).contains("Error"),
        "the dot program rejects the \(figure) DOT: \(String(decoding: said, as: UTF8.self).prefix(300))")
    } catch {
      require(false, "could not run /usr/bin/dot on the \(figure) DOT: \(error)")
    }
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

  /// Every figure of `graph` (and of `trace` on it) as DOT, SVG and Mermaid. With `names`,
  /// a render of a coherent graph must succeed, the `dot` program must read every figure's
  /// DOT, and every figure but the timeline must show each of `names` that it draws as is.
  static func drawEverything(
    _ graph: SystemGraph, trace: Trace? = nil, theme: Theme = .light, names: [String] = []
  ) {
    do {
      try graph.checkCoherence()
    } catch {
      message(error)
      return
    }
    let run = trace ?? Trace(header: TraceHeader(graph: graph))
    var coverage = Coverage(graph: graph)
    coverage.beginTrace()
    for step in run.steps { coverage.add(step) }
    var figures = Figure.allCases.map { figure in
      (figure.rawValue, Diagram.dot(graph, figure: figure, theme: theme), "dot")
    }
    figures += [
      ("coverage", CoverageFigure(coverage: coverage, theme: theme).dot, "dot"),
      ("trace path", TracePathFigure(graph: graph, trace: run, theme: theme).dot, "dot"),
      ("timeline", TraceTimelineFigure(graph: graph, trace: run, theme: theme).dot, TraceTimelineFigure.engine),
    ]
    for (figure, dot, engine) in figures {
      do {
        let strings = svg(try Diagram.render(dot: dot, engine: engine, as: .svg), figure)
        guard !names.isEmpty else { continue }
        dotReads(dot, figure)
        if figure != "timeline" { for name in names { shows(strings, name, figure) } }
      } catch {
        require(names.isEmpty, "the \(figure) figure of a coherent graph does not render: \(error)")
        message(error)
      }
    }
    mermaid(MermaidWriter.text(for: graph))
  }
}

/// Collects an SVG's text nodes and `title` attributes while `XMLParser` reads it.
final class SVGTextReader: NSObject, XMLParserDelegate {
  var strings: [String] = []
  private var text: String?

  func parser(
    _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if let title = attributes["xlink:title"] ?? attributes["title"] { strings.append(title) }
    if element == "text" { text = "" }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text? += string
  }

  func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
    if element == "text", let done = text {
      strings.append(done)
      text = nil
    }
  }
}
